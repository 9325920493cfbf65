import { describe, expect, it } from 'vitest';
import {
  stationDay,
  tideCurve,
  tideStagesOver,
  tideStateAt,
  tideTurns,
  tideTurnsOfDay,
} from './tide-prediction.ts';
import type { TideStation, TideTurn } from './tides.ts';

/**
 * The prediction's own rules on made-up stations (their comparison with NOAA's published predictions is in
 * server/tides/noaa-predictions.test.ts, with real constants): a day's turns by the station's clocks, a
 * subordinate station's corrections, and the tide at a moment between two turns.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A semidiurnal tide of 1 m amplitude around a mean sea level 1 m above the datum. */
const reference: TideStation = {
  id: 'test/reference',
  name: 'Reference',
  source: 'Test',
  latitude: 40,
  longitude: -70,
  timeZone: 'America/New_York',
  datum: 'MLLW',
  datumOffset: 1,
  constituents: [{ name: 'M2', amplitude: 1, phase: 0 }],
  offsets: null,
  attribution: 'Test data',
};

const subordinate: TideStation = {
  ...reference,
  id: 'test/subordinate',
  offsets: {
    reference: 'test/reference',
    time: { high: 60, low: 30 },
    height: { high: 0.5, low: 0.5, type: 'ratio' },
  },
};

const minutesBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / MINUTE;

describe('highs and lows', () => {
  it('alternate, about 6 h 12 min apart for a pure M2 tide, at 2 m and 0 m above the datum (±5 %)', () => {
    const turns = tideTurns(reference, new Date('2026-07-01T00:00:00Z'), new Date('2026-07-03T00:00:00Z'));
    expect(turns.length).toBeGreaterThanOrEqual(7);
    for (const [i, turn] of turns.entries()) {
      const previous = turns[i - 1];
      if (previous) {
        expect(turn.type).not.toBe(previous.type);
        expect(minutesBetween(previous.time, turn.time)).toBeCloseTo(372.6, -1);
      }
      expect(turn.time.getUTCSeconds()).toBe(0);
      const metres = turn.height * 0.3048;
      expect(metres).toBeCloseTo(turn.type === 'high' ? 2 : 0, 0);
    }
  });

  it("of a subordinate station are its reference's, moved by its time offsets and scaled by its ratios", () => {
    const start = new Date('2026-07-01T00:00:00Z');
    const end = new Date('2026-07-02T00:00:00Z');
    const referenceTurns = tideTurns(reference, new Date(start.getTime() - 2 * HOUR), end);
    const subordinateTurns = tideTurns(subordinate, start, new Date(end.getTime() + 2 * HOUR));
    expect(subordinateTurns.length).toBe(referenceTurns.length);
    for (const [i, turn] of subordinateTurns.entries()) {
      const original = referenceTurns[i] as TideTurn;
      expect(turn.type).toBe(original.type);
      expect(
        Math.abs(minutesBetween(original.time, turn.time) - (turn.type === 'high' ? 60 : 30)),
      ).toBeLessThanOrEqual(1);
      expect(turn.height).toBeCloseTo(original.height * 0.5, 1);
    }
  });

  it("of a day are those the station's clocks put on that day, across a clock change", () => {
    for (const date of ['2026-03-08', '2026-07-04', '2026-11-01']) {
      const day = stationDay(reference, date);
      const around = tideTurns(
        reference,
        new Date(day.start.getTime() - 12 * HOUR),
        new Date(day.end.getTime() + 12 * HOUR),
      );
      const expected = around.filter((turn) => turn.time >= day.start && turn.time < day.end);
      expect(tideTurnsOfDay(reference, date)).toEqual(expected);
    }
  });
});

describe('the tide at a moment', () => {
  const turns = tideTurns(reference, new Date('2026-07-01T00:00:00Z'), new Date('2026-07-02T00:00:00Z'));
  const [first, second] = turns as [TideTurn, TideTurn];

  it('lies between the turn before and the turn after, rising towards a high or falling towards a low', () => {
    const moment = new Date(first.time.getTime() + 90 * MINUTE);
    const state = tideStateAt(reference, moment);
    expect(state?.lastTurn).toEqual(first);
    expect(state?.nextTurn).toEqual(second);
    expect(state?.stage).toBe(second.type === 'high' ? 'rising' : 'falling');
    expect(state?.minutesSinceLastTurn).toBe(90);
    expect(state?.minutesToNextTurn).toBe(minutesBetween(moment, second.time));
  });

  it('is 0 of the range at low water, 1 at high water, and half-way in between', () => {
    const high = turns.find((turn) => turn.type === 'high') as TideTurn;
    const low = turns.find((turn) => turn.type === 'low') as TideTurn;
    expect(tideStateAt(reference, new Date(high.time.getTime() + MINUTE))?.rangeFraction).toBeGreaterThan(
      0.99,
    );
    expect(tideStateAt(reference, new Date(low.time.getTime() + MINUTE))?.rangeFraction).toBeLessThan(0.01);
    const middle = new Date((first.time.getTime() + second.time.getTime()) / 2);
    const state = tideStateAt(reference, middle);
    expect(state?.rangeFraction).toBeCloseTo(0.5, 1);
    expect(state?.height).toBeCloseTo((first.height + second.height) / 2, 0);
  });

  it('is the height at the moment itself, not at a rounded time', () => {
    const low = turns.find((turn) => turn.type === 'low') as TideTurn;
    // Ten minutes of a 6-hour, 2-metre swing change the height by well over 0.01 ft anywhere but at a turn.
    const moment = new Date(low.time.getTime() + 2 * HOUR + 7 * MINUTE);
    const a = tideStateAt(reference, moment);
    const b = tideStateAt(reference, new Date(moment.getTime() + 2 * MINUTE));
    expect(b?.height).toBeGreaterThan(a?.height as number);
  });

  it('on a subordinate station passes through its corrected turns', () => {
    for (const turn of tideTurns(
      subordinate,
      new Date('2026-07-01T00:00:00Z'),
      new Date('2026-07-02T00:00:00Z'),
    )) {
      const state = tideStateAt(subordinate, new Date(turn.time.getTime() + MINUTE));
      expect(state?.height).toBeCloseTo(turn.height, 1);
      expect(state?.lastTurn).toEqual(turn);
    }
  });
});

describe("the stages over a trip's hours", () => {
  it('are the stage the tide at each moment names, turns searched once for the span', () => {
    const start = new Date('2026-06-01T05:00:00Z');
    const end = new Date(start.getTime() + 14 * HOUR);
    for (const station of [reference, subordinate]) {
      const stageAt = tideStagesOver(station, start, end);
      const stages = new Set<string | null>();
      for (let at = start.getTime(); at <= end.getTime(); at += 20 * MINUTE) {
        const stage = stageAt(new Date(at));
        expect(stage).toBe(tideStateAt(station, new Date(at))?.stage);
        stages.add(stage);
      }
      expect(stages).toEqual(new Set(['rising', 'falling']));
    }
  });
});

describe('the curve of a day', () => {
  it('has a point every step, both ends included, and reaches the highs and lows', () => {
    const day = stationDay(reference, '2026-07-04');
    const curve = tideCurve(reference, day.start, day.end, 15);
    expect(curve).toHaveLength(24 * 4 + 1);
    expect(curve[0]?.time).toEqual(day.start);
    expect(curve.at(-1)?.time).toEqual(day.end);
    const highest = Math.max(...curve.map((point) => point.height));
    const dayHigh = Math.max(...tideTurnsOfDay(reference, '2026-07-04').map((turn) => turn.height));
    expect(highest).toBeCloseTo(dayHigh, 1);
  });
});
