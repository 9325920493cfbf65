import type { DayWindow } from '#core/astronomy.ts';
import type { TidePoint, TideTurn } from '#core/tides.ts';
import { formatClockTime } from '../../lib/clock-time.ts';

/**
 * A small chart of the water over the station's day: the curve, its highs and lows as dots, a mark every six
 * hours with the station's clock time, and "now" as a line when the day is today. The highs, lows and the tide
 * now are written out beside it, so the drawing only needs a short description for screen readers.
 */

const WIDTH = 320;
const HEIGHT = 120;
const TOP = 10;
const BOTTOM = 22;
const HOUR_MS = 3_600_000;

export function TideCurve({
  day,
  curve,
  turns,
  now,
  timeZone,
  label,
}: {
  day: DayWindow;
  curve: TidePoint[];
  turns: TideTurn[];
  /** The moment to mark, when within the day. */
  now: { time: Date; height: number } | null;
  timeZone: string;
  label: string;
}) {
  const start = day.start.getTime();
  const span = day.end.getTime() - start;
  const heights = [...curve.map((point) => point.height), ...turns.map((turn) => turn.height)];
  const highest = Math.max(...heights);
  const lowest = Math.min(...heights);
  const range = highest - lowest || 1;
  const x = (time: Date) => (Math.min(Math.max(time.getTime() - start, 0), span) / span) * WIDTH;
  const y = (height: number) => TOP + ((highest - height) / range) * (HEIGHT - TOP - BOTTOM);
  const baseline = HEIGHT - BOTTOM;
  const line = curve
    .map((point, i) => `${i === 0 ? 'M' : 'L'}${x(point.time).toFixed(1)} ${y(point.height).toFixed(1)}`)
    .join(' ');
  const ticks = [6, 12, 18]
    .map((hours) => new Date(start + hours * HOUR_MS))
    .filter((tick) => tick < day.end);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
      role="img"
      aria-label={label}
      data-testid="tide-curve"
    >
      <path d={`${line} L${WIDTH} ${baseline} L0 ${baseline} Z`} className="fill-primary/10" />
      <path d={line} fill="none" className="stroke-primary" strokeWidth="2" strokeLinejoin="round" />
      <line x1="0" x2={WIDTH} y1={baseline} y2={baseline} className="stroke-border" strokeWidth="1" />
      {ticks.map((tick) => (
        <g key={tick.getTime()}>
          <line
            x1={x(tick)}
            x2={x(tick)}
            y1={baseline}
            y2={baseline + 4}
            className="stroke-muted-foreground"
          />
          <text x={x(tick)} y={HEIGHT - 4} textAnchor="middle" className="fill-muted-foreground text-[11px]">
            {formatClockTime(tick, undefined, timeZone)}
          </text>
        </g>
      ))}
      {turns.map((turn) => (
        <circle
          key={turn.time.getTime()}
          cx={x(turn.time)}
          cy={y(turn.height)}
          r="3.5"
          className={turn.type === 'high' ? 'fill-primary' : 'fill-card stroke-primary'}
          strokeWidth="2"
        />
      ))}
      {now ? (
        <g data-testid="tide-curve-now">
          <line
            x1={x(now.time)}
            x2={x(now.time)}
            y1={TOP - 6}
            y2={baseline}
            className="stroke-amber-600"
            strokeWidth="1.5"
            strokeDasharray="3 3"
          />
          <circle
            cx={x(now.time)}
            cy={y(now.height)}
            r="4.5"
            className="fill-amber-600 stroke-card"
            strokeWidth="2"
          />
        </g>
      ) : null}
    </svg>
  );
}
