import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catch } from '#core/catch.ts';
import type { CatchConditions } from '#core/catch-conditions.ts';
import { testCatch } from '#core/test-catch.ts';
import type { User } from '#core/user.ts';
import { queryClient, queryKeys } from '@/lib/query-client';
import { answerApi, renderScreen } from '@/test-support/render';
import { SOLUNAR_LABEL } from '../tools/sun-moon-format.ts';
import { CatchCard } from './catch-card.tsx';
import { CatchConditionsBlock } from './catch-conditions-block.tsx';
import { CatchDetailDialog } from './catch-detail-dialog.tsx';

/** Caught at 6:45 on the clocks of Lake Tahoe (UTC−7 in May): what the server answers for a complete catch. */
const COMPLETE: CatchConditions = {
  status: 'complete',
  weather: {
    airTemperature: 68,
    description: 'partly cloudy',
    condition: 'Clouds',
    windSpeed: 8,
    windDirection: 315,
    cloudCover: 40,
    precipitation: 0,
    humidity: 60,
    pressure: 30.02,
    pressureChange3h: -0.05,
    pressureTendency: 'falling',
  },
  sun: { phase: 'dawn', sunrise: '2026-05-01T12:58:10.000Z', sunset: '2026-05-02T02:51:40.000Z' },
  moon: { phase: 'Waxing Gibbous', illumination: 0.78, age: 10.2 },
  solunar: { period: 'major' },
  tide: null,
};

function caught(conditions: Partial<CatchConditions>): Catch {
  return testCatch({
    id: 5,
    fishType: 'Rainbow Trout',
    latitude: 39.0968,
    longitude: -120.0323,
    catchDate: '2026-05-01',
    timeOfDay: '06:45',
    caughtAt: '2026-05-01T13:45:00.000Z',
    conditions: { ...COMPLETE, ...conditions },
  });
}

function conditionsOf(block: HTMLElement): Record<string, string> {
  const names = within(block).queryAllByRole('term');
  return Object.fromEntries(
    names.map((name) => [name.textContent ?? '', name.nextElementSibling?.textContent ?? '']),
  );
}

const block = () => screen.getByRole('region', { name: 'Conditions' });

// No server: the account (its units) is what a test puts in the query cache.
beforeEach(() => {
  answerApi({});
});

describe('the Conditions block', () => {
  it('shows a complete catch in imperial units: wind with where it came from, the tendency in words, sun times on the catch’s clocks', () => {
    renderScreen(<CatchConditionsBlock item={caught({})} units="imperial" />);

    expect(conditionsOf(block())).toEqual({
      'Air Temperature': '68°F',
      Sky: 'Partly cloudy',
      Wind: '8 mph NW',
      Pressure: '30.02 inHgFalling',
      Sun: expect.stringMatching(/^DawnSunrise 5:58\sAM · Sunset 7:52\sPM$/),
      Moon: 'Waxing Gibbous, 78% illuminated',
      [SOLUNAR_LABEL]: 'Major period',
    });
    expect(within(block()).queryByText('Conditions pending')).toBeNull();
    expect(within(block()).getByText(/Folklore, not science/)).toBeTruthy();
  });

  it('converts to the metric angler’s units', () => {
    renderScreen(<CatchConditionsBlock item={caught({})} units="metric" />);

    const shown = conditionsOf(block());
    expect(shown['Air Temperature']).toBe('20°C');
    expect(shown.Wind).toBe('13 km/h NW');
    expect(shown.Pressure).toBe('1017 hPaFalling');
  });

  const COASTAL_TIDE: CatchConditions['tide'] = {
    stationId: '9414131',
    stationName: 'Pillar Point Harbor, CA',
    distanceKm: 3.2,
    height: 4.27,
    stage: 'falling',
    minutesSinceLastTurn: 95,
    minutesToNextTurn: 250,
    rangeFraction: 0.634,
  };

  it('gives the tide of a coastal catch: stage, height, how far into the range, the station', () => {
    renderScreen(<CatchConditionsBlock item={caught({ tide: COASTAL_TIDE })} units="imperial" />);
    expect(conditionsOf(block()).Tide).toBe(
      'Falling, 4.3 ft, 63% of the rangePillar Point Harbor, CA, 2.0 mi away',
    );
  });

  it('gives the tide in metric', () => {
    renderScreen(<CatchConditionsBlock item={caught({ tide: COASTAL_TIDE })} units="metric" />);
    expect(conditionsOf(block()).Tide).toBe(
      'Falling, 1.30 m, 63% of the rangePillar Point Harbor, CA, 3.2 km away',
    );
  });

  it('has no tide row inland', () => {
    renderScreen(<CatchConditionsBlock item={caught({ tide: null })} units="imperial" />);
    expect(conditionsOf(block())).not.toHaveProperty('Tide');
  });

  it('labels the solunar period as the Sun & Moon card does: folklore', () => {
    renderScreen(<CatchConditionsBlock item={caught({ solunar: { period: null } })} units="imperial" />);
    expect(SOLUNAR_LABEL).toBe('Solunar periods (folklore)');
    expect(conditionsOf(block())['Solunar periods (folklore)']).toBe('Outside the periods');
  });

  it('says the wind speed alone when its direction is unknown, and no tendency when there is none', () => {
    const weather = COMPLETE.weather && { ...COMPLETE.weather, windDirection: null, pressureTendency: null };
    renderScreen(<CatchConditionsBlock item={caught({ weather })} units="imperial" />);
    expect(conditionsOf(block()).Wind).toBe('8 mph');
    expect(conditionsOf(block()).Pressure).toBe('30.02 inHg');
  });

  it('while pending, says so and shows the sky it already has, claiming nothing is unavailable', () => {
    renderScreen(
      <CatchConditionsBlock item={caught({ status: 'pending', weather: null })} units="imperial" />,
    );

    expect(within(block()).getByRole('status').textContent).toMatch(/^Conditions pending/);
    const shown = conditionsOf(block());
    expect(Object.keys(shown)).toEqual(['Sun', 'Moon', SOLUNAR_LABEL]);
    expect(within(block()).queryByText('Not available for this catch')).toBeNull();
  });

  it('pending with nothing worked out yet (a catch kept from before conditions existed): only pending', () => {
    renderScreen(
      <CatchConditionsBlock
        item={caught({ status: 'pending', weather: null, sun: null, moon: null, solunar: null })}
        units="imperial"
      />,
    );
    expect(within(block()).getByText('Conditions pending')).toBeTruthy();
    expect(within(block()).queryAllByRole('term')).toEqual([]);
  });

  it('partial: a part that could not be had says so, the rest is shown', () => {
    renderScreen(
      <CatchConditionsBlock
        item={caught({ status: 'partial', weather: null, sun: null, solunar: null })}
        units="imperial"
      />,
    );
    expect(conditionsOf(block())).toEqual({
      Weather: 'Not available for this catch',
      Sun: 'Not available for this catch',
      Moon: 'Waxing Gibbous, 78% illuminated',
      [SOLUNAR_LABEL]: 'Not available for this catch',
    });
    expect(within(block()).queryByText('Conditions pending')).toBeNull();
  });

  it('unavailable: one sentence, nothing else', () => {
    renderScreen(
      <CatchConditionsBlock
        item={caught({ status: 'unavailable', weather: null, sun: null, moon: null, solunar: null })}
        units="imperial"
      />,
    );
    expect(block().textContent).toBe('ConditionsNot available for this catch');
  });

  it('leaves the sunrise and sunset out when the catch has no time of day (its clock is not known)', () => {
    const item = { ...caught({}), timeOfDay: null };
    renderScreen(<CatchConditionsBlock item={item} units="imperial" />);
    expect(conditionsOf(block()).Sun).toBe('Dawn');
  });

  it('is in the details dialog, in the units of the account', async () => {
    const angler: User = {
      id: 7,
      username: 'river_rat',
      createdAt: '2026-06-01T12:00:00.000Z',
      units: 'metric',
    };
    queryClient.setQueryData(queryKeys.user, angler);
    renderScreen(<CatchDetailDialog item={caught({})} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const shown = conditionsOf(within(dialog).getByRole('region', { name: 'Conditions' }));
    expect(shown['Air Temperature']).toBe('20°C');
  });
});

describe('the conditions line of a History card', () => {
  const card = (item: Catch, units: 'imperial' | 'metric' = 'imperial') => {
    if (units === 'metric')
      queryClient.setQueryData(queryKeys.user, {
        id: 7,
        username: 'river_rat',
        createdAt: '2026-06-01T12:00:00.000Z',
        units,
      } satisfies User);
    renderScreen(<CatchCard item={item} onOpen={vi.fn()} onEdit={vi.fn()} onDelete={vi.fn()} />);
    return screen.getByTestId('card-conditions');
  };

  it('shows the air temperature, the tendency arrow and the moon, each in words for a screen reader', () => {
    const line = card(caught({}));
    expect(line.textContent).toBe('Conditions: 68°F, pressure falling, Waxing Gibbous');
    // What is seen: the temperature; the arrow and the moon are pictures, named only for assistive technology.
    expect(line.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(2);
  });

  it('in metric', () => {
    expect(card(caught({}), 'metric').textContent).toBe('Conditions: 20°C, pressure falling, Waxing Gibbous');
  });

  it('while pending: the moon it has and that the rest is pending', () => {
    const line = card(caught({ status: 'pending', weather: null, sun: null, solunar: null }));
    expect(line.textContent).toBe('Conditions: Waxing Gibbous, Conditions pending');
  });

  it('nothing when the conditions could not be worked out', () => {
    renderScreen(
      <CatchCard
        item={caught({ status: 'unavailable', weather: null, sun: null, moon: null, solunar: null })}
        onOpen={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('card-conditions')).toBeNull();
  });
});
