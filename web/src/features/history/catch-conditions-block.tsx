import { CloudSun, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Catch } from '#core/catch.ts';
import { formatQuantity, type UnitSystem } from '#core/units.ts';
import { MoonPicture } from '@/components/moon-picture';
import { SOLUNAR_FOLKLORE_NOTE, SOLUNAR_LABEL } from '../tools/sun-moon-format.ts';
import {
  CONDITIONS_PENDING,
  catchClockOffsetMs,
  formatMoon,
  formatSky,
  formatSolunar,
  formatSunPhase,
  formatSunTimes,
  formatTide,
  formatWind,
  moonWaxing,
  NOT_AVAILABLE,
  TENDENCY_WORDS,
} from './conditions-format.ts';
import { Detail, DetailList } from './detail-list.tsx';
import { TENDENCY_ICONS } from './tendency-icons.ts';

/**
 * The conditions a catch was caught in (docs/product.md#catch-details): the weather of that hour, the sun, the moon
 * and the solunar period, in the angler's units. While the server has not filled in the weather, 'Conditions
 * pending' with whatever of the sky is known (a catch saved offline has its sky from the phone at once); a part
 * that could not be had says so.
 */
export function CatchConditionsBlock({ item, units }: { item: Catch; units: UnitSystem }) {
  const { status, weather, sun, moon, solunar, tide } = item.conditions;
  const pending = status === 'pending';
  const headingId = `conditions-${item.id}`;
  // A part missing while pending is still to come; missing once worked out, it could not be had.
  const missing = (label: string) => (pending ? null : <Detail label={label}>{NOT_AVAILABLE}</Detail>);
  const sunTimes = sun ? formatSunTimes(sun, catchClockOffsetMs(item)) : [];
  const TendencyIcon = weather?.pressureTendency ? TENDENCY_ICONS[weather.pressureTendency] : null;

  let body: ReactNode;
  if (status === 'unavailable') {
    body = (
      <p className="text-sm" data-testid="conditions-unavailable">
        {NOT_AVAILABLE}
      </p>
    );
  } else {
    body = (
      <>
        {pending ? (
          <p role="status" className="mb-2 flex items-start gap-1.5 text-sm" data-testid="conditions-pending">
            <Hourglass aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span>
              <strong>{CONDITIONS_PENDING}</strong>: the weather is filled in once the catch reaches the
              server.
            </span>
          </p>
        ) : null}
        <DetailList>
          {weather ? (
            <>
              <Detail label="Air Temperature">
                <span className="whitespace-nowrap">
                  {formatQuantity('temperature', weather.airTemperature, units)}
                </span>
              </Detail>
              <Detail label="Sky">{formatSky(weather)}</Detail>
              <Detail label="Wind">
                <span className="whitespace-nowrap">{formatWind(weather, units)}</span>
              </Detail>
              <Detail label="Pressure">
                <span className="flex flex-wrap items-center gap-x-2">
                  <span className="whitespace-nowrap">
                    {formatQuantity('pressure', weather.pressure, units)}
                  </span>
                  {weather.pressureTendency && TendencyIcon ? (
                    <span
                      className="flex items-center gap-1 whitespace-nowrap"
                      data-testid="pressure-tendency"
                    >
                      <TendencyIcon aria-hidden="true" className="size-4 shrink-0" />
                      {TENDENCY_WORDS[weather.pressureTendency]}
                    </span>
                  ) : null}
                </span>
              </Detail>
            </>
          ) : (
            missing('Weather')
          )}
          {sun ? (
            <Detail label="Sun">
              <span className="block">{formatSunPhase(sun)}</span>
              {sunTimes.length > 0 ? (
                <span className="block text-xs font-normal text-muted-foreground" data-testid="sun-times">
                  {sunTimes.map((time, index) => (
                    // The dot stays with the time after it: a line never starts with it.
                    <span key={time}>
                      {index > 0 ? ' ' : null}
                      <span className="whitespace-nowrap">
                        {index > 0 ? '· ' : null}
                        {time}
                      </span>
                    </span>
                  ))}
                </span>
              ) : null}
            </Detail>
          ) : (
            missing('Sun')
          )}
          {moon ? (
            <Detail label="Moon">
              <span className="flex items-center gap-2">
                <MoonPicture illumination={moon.illumination} waxing={moonWaxing(moon)} className="size-5" />
                <span>{formatMoon(moon)}</span>
              </span>
            </Detail>
          ) : (
            missing('Moon')
          )}
          {solunar ? <Detail label={SOLUNAR_LABEL}>{formatSolunar(solunar)}</Detail> : missing(SOLUNAR_LABEL)}
          {/* Inland there is no tide to tell of: no row, as the Tools tab hides its tides there. */}
          {tide ? (
            <Detail label="Tide">
              {formatTide(tide, units).stage}
              <span className="block text-xs text-muted-foreground">{formatTide(tide, units).station}</span>
            </Detail>
          ) : null}
        </DetailList>
        {solunar ? <p className="mt-2 text-xs text-muted-foreground">{SOLUNAR_FOLKLORE_NOTE}</p> : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="catch-conditions"
      className="@container rounded-lg border border-border p-3"
    >
      <h3 id={headingId} className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
        <CloudSun aria-hidden="true" className="size-4 shrink-0 text-primary" />
        Conditions
      </h3>
      {body}
    </section>
  );
}
