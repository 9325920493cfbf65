import { Compass, Smartphone } from 'lucide-react';
import { compassPoint } from '#core/compass.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { compassStatus } from './compass-sensor.ts';
import { Pill } from './tool-card-parts.tsx';
import { useCompass } from './use-compass.ts';

const CARDINALS = [
  { label: 'N', angle: 0 },
  { label: 'E', angle: 90 },
  { label: 'S', angle: 180 },
  { label: 'W', angle: 270 },
];
const TICKS = Array.from({ length: 24 }, (_, i) => i * 15);

/**
 * The compass rose, turned so that its N points north; the fixed marker at the top is the heading. The demo (the
 * simulation) looks unlike a real compass on purpose: a faded rose, a hollow dashed needle and DEMO across it.
 */
function CompassDial({ heading, demo }: { heading: number; demo: boolean }) {
  return (
    <svg
      viewBox="0 0 200 200"
      className={cn('aspect-square h-auto w-44 max-w-full', demo && 'opacity-70')}
      aria-hidden="true"
    >
      <circle
        cx="100"
        cy="100"
        r="96"
        className={demo ? 'fill-muted stroke-muted-foreground' : 'fill-muted stroke-border'}
        strokeWidth="2"
        strokeDasharray={demo ? '6 5' : undefined}
      />
      <g transform={`rotate(${-heading} 100 100)`}>
        {TICKS.map((angle) => (
          <line
            key={angle}
            x1="100"
            y1={angle % 90 === 0 ? 14 : 12}
            x2="100"
            y2={angle % 90 === 0 ? 28 : 20}
            transform={`rotate(${angle} 100 100)`}
            className="stroke-muted-foreground"
            strokeWidth={angle % 90 === 0 ? 3 : 1.5}
          />
        ))}
        {CARDINALS.map(({ label, angle }) => (
          <text
            key={label}
            x="100"
            y="48"
            transform={`rotate(${angle} 100 100)`}
            textAnchor="middle"
            dominantBaseline="middle"
            className={label === 'N' && !demo ? 'fill-destructive' : 'fill-foreground'}
            fontSize="20"
            fontWeight="700"
          >
            {label}
          </text>
        ))}
        {demo ? (
          <g data-testid="compass-demo-needle" className="fill-none stroke-muted-foreground" strokeWidth="2">
            <polygon points="100,62 108,100 100,96 92,100" strokeDasharray="4 3" />
            <polygon points="100,138 108,100 100,104 92,100" strokeDasharray="4 3" />
          </g>
        ) : (
          <g data-testid="compass-needle">
            <polygon points="100,62 108,100 100,96 92,100" className="fill-destructive" />
            <polygon points="100,138 108,100 100,104 92,100" className="fill-muted-foreground" />
          </g>
        )}
      </g>
      <polygon points="100,2 107,14 93,14" className={demo ? 'fill-muted-foreground' : 'fill-primary'} />
      <circle cx="100" cy="100" r="5" className="fill-foreground" />
      {demo ? (
        <text
          x="100"
          y="132"
          textAnchor="middle"
          dominantBaseline="middle"
          className="fill-foreground"
          fontSize="18"
          fontWeight="800"
          letterSpacing="4"
        >
          DEMO
        </text>
      ) : null}
    </svg>
  );
}

/**
 * The compass (docs/product.md#compass): heading in degrees plus one of the 8 points from the phone's sensor; where there is
 * none, the simulation, shown as a demo that nobody could take for a direction, with a way to allow the
 * sensor where the browser asks first (iOS).
 */
export function CompassCard() {
  const { heading, source, simulationReason, canRequestPermission, requestPermission } = useCompass();
  const degrees = Math.round(heading) % 360;
  const status = compassStatus(source, simulationReason, canRequestPermission);
  return (
    <Card role="region" aria-labelledby="tools-compass-title">
      <CardHeader className="pb-3">
        <CardTitle as="h3" id="tools-compass-title" className="flex items-center gap-2">
          <Compass aria-hidden="true" className="size-5 text-primary" />
          Compass
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        {status.title ? (
          <p
            className="w-full rounded-lg border border-dashed border-muted-foreground bg-muted px-3 py-2.5 text-center font-semibold"
            data-testid="compass-demo"
          >
            {status.title}
          </p>
        ) : null}
        <CompassDial heading={heading} demo={status.demo} />
        {/* No aria-live: the simulation changes this ten times a second. */}
        <p
          className={cn(
            'flex flex-wrap items-center justify-center gap-2 text-3xl font-bold tabular-nums',
            status.demo && 'text-muted-foreground',
          )}
          data-testid="compass-heading"
        >
          <span data-testid="compass-degrees">{degrees}°</span>{' '}
          <span data-testid="compass-point">{compassPoint(degrees)}</span>
          {status.demo ? <Pill className="bg-muted-foreground text-background">Demo</Pill> : null}
        </p>
        <p className="text-center text-sm text-muted-foreground" data-testid="compass-source">
          {status.detail}
        </p>
        {canRequestPermission ? (
          <Button variant="outline" onClick={requestPermission}>
            <Smartphone aria-hidden="true" />
            Allow Motion Access
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
