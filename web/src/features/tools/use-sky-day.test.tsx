import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as astronomy from '#core/astronomy.ts';
import { useSkyDay } from './use-sky-day.ts';

/** The real astronomy, counted: how often a day's sun and moon are worked out. */
vi.mock('#core/astronomy.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#core/astronomy.ts')>();
  return { ...actual, skyDay: vi.fn(actual.skyDay) };
});
const skyDay = vi.mocked(astronomy.skyDay);

afterEach(() => {
  vi.useRealTimers();
  skyDay.mockClear();
});

describe('useSkyDay (the Sun & Moon and Today cards)', () => {
  it('works out the day once for the two cards opened together, and a card opened next shows it at once', async () => {
    const milleLacs = { latitude: 46.2408, longitude: -93.6486 };
    const { result } = renderHook(() => [useSkyDay(milleLacs), useSkyDay(milleLacs)] as const);
    await waitFor(() => expect(result.current.every(({ sky }) => sky !== null)).toBe(true));
    expect(skyDay).toHaveBeenCalledTimes(1);
    expect(result.current[1].sky).toBe(result.current[0].sky);

    const later = renderHook(() => useSkyDay({ latitude: 46.2411, longitude: -93.6489 }));
    expect(later.result.current.sky).toBe(result.current[0].sky);
    expect(skyDay).toHaveBeenCalledTimes(1);
  });

  it('works out another position, and the same one again once a minute has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-15T17:00:00Z') });
    const bostonHarbor = { latitude: 42.3555, longitude: -71.0469 };
    const tahoe = { latitude: 39.0968, longitude: -120.0324 };
    const first = renderHook(() => useSkyDay(bostonHarbor));
    await waitFor(() => expect(first.result.current.sky).not.toBeNull());
    const elsewhere = renderHook(() => useSkyDay(tahoe));
    await waitFor(() => expect(elsewhere.result.current.sky).not.toBeNull());
    expect(skyDay).toHaveBeenCalledTimes(2);

    vi.setSystemTime(new Date('2026-06-15T17:01:01Z'));
    const minuteOn = renderHook(() => useSkyDay(tahoe));
    expect(minuteOn.result.current.sky).toBeNull();
    await waitFor(() => expect(minuteOn.result.current.sky).not.toBeNull());
    expect(skyDay).toHaveBeenCalledTimes(3);
    expect(minuteOn.result.current.sky).not.toBe(elsewhere.result.current.sky);
  });
});
