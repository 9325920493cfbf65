import { describe, expect, it } from 'vitest';
import type { TodayCondition } from '#core/today-matches.ts';
import { conditionFigures, conditionsPhrase, matchTitle, todayWindows } from './today-format.ts';

const figures = { catches: 24, hours: 12, rate: 2, restRate: 0.25, ratio: 8, low: 3, high: 20 };
const condition = (factor: TodayCondition['factor'], bucket: string): TodayCondition => ({
  factor,
  bucket,
  ...figures,
});

describe('how the Today card words a match', () => {
  it('says things before when they happen, either bucket of one factor with "or"', () => {
    const dusk = condition('sunPhase', 'dusk');
    expect(conditionsPhrase([dusk, condition('pressureTendency', 'falling')], 'imperial')).toBe(
      'falling pressure at dusk',
    );
    expect(conditionsPhrase([condition('sunPhase', 'dawn'), dusk], 'imperial')).toBe('at dawn or dusk');
    expect(
      conditionsPhrase(
        [
          condition('timeOfDay', '16-20'),
          condition('tideStage', 'rising'),
          condition('moonPhase', 'Full Moon'),
        ],
        'imperial',
        'en-US',
      ),
    ).toBe('a rising tide between 4:00 PM and 8:00 PM on a Full Moon day');
    expect(conditionsPhrase([condition('airTemperature', '50-65')], 'metric')).toBe('air 10°C–18°C');
    expect(conditionsPhrase([condition('airTemperature', '80-plus')], 'imperial')).toBe('air 80°F and above');
    expect(conditionsPhrase([condition('solunar', 'major')], 'imperial')).toBe('in a major solunar period');
  });

  it('names the species, or none for all fish, and the figures behind each condition', () => {
    expect(matchTitle({ species: 'Walleye' })).toBe('Your best Walleye conditions');
    expect(matchTitle({ species: null })).toBe('Your best conditions');
    expect(conditionFigures(condition('sunPhase', 'dusk'), 'imperial')).toBe(
      'Dusk: 2 fish/h, 0.3 fish/h the rest of the time (24 fish in 12 h)',
    );
  });

  it('says when today on the place’s clocks: the windows, all day, or not today', () => {
    const day = { start: new Date('2026-06-15T05:00:00Z'), end: new Date('2026-06-16T05:00:00Z') };
    const dusk = { start: new Date('2026-06-16T02:10:00Z'), end: new Date('2026-06-16T02:50:00Z') };
    expect(todayWindows([dusk], day, 'America/Chicago', 'en-US')).toEqual({
      said: 'today',
      times: [['9:10 PM', '9:50 PM']],
    });
    expect(todayWindows([day], day, 'America/Chicago')).toEqual({ said: 'all day today', times: [] });
    expect(todayWindows([], day, 'America/Chicago')).toEqual({ said: 'not today', times: [] });
  });
});
