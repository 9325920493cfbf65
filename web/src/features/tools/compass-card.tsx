import { Compass, Smartphone } from 'lucide-react';
import { compassPoint } from '#core/compass.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCompass } from './use-compass.ts';

const CARDINALS = [
  { label: 'N', angle: 0 },
  { label: 'E', angle: 90 },
  { label: 'S', angle: 180 },
  { label: 'W', angle: 270 },
];
const TICKS = Array.from({ length: 24 }, (_, i) => i * 15);

/** The compass rose, turned so that its N points north; the fixed marker at the top is the heading. */
function CompassDial({ heading }: { heading: number }) {
  return (
    <svg viewBox="0 0 200 200" className="size-44" aria-hidden="true">
      <circle cx="100" cy="100" r="96" className="fill-muted stroke-border" strokeWidth="2" />
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
            className={label === 'N' ? 'fill-destructive' : 'fill-foreground'}
            fontSize="20"
            fontWeight="700"
          >
            {label}
          </text>
        ))}
        <polygon points="100,62 108,100 100,96 92,100" className="fill-destructive" />
        <polygon points="100,138 108,100 100,104 92,100" className="fill-muted-foreground" />
      </g>
      <polygon points="100,2 107,14 93,14" className="fill-primary" />
      <circle cx="100" cy="100" r="5" className="fill-foreground" />
    </svg>
  );
}

/** The compass (SPEC §4): heading in degrees plus one of the 8 points; a simulation where there is no sensor. */
export function CompassCard() {
  const { heading, source, simulationReason, canRequestPermission, requestPermission } = useCompass();
  const degrees = Math.round(heading) % 360;
  return (
    <Card role="region" aria-labelledby="tools-compass-title">
      <CardHeader className="pb-3">
        <CardTitle as="h3" id="tools-compass-title" className="flex items-center gap-2">
          <Compass aria-hidden="true" className="size-5 text-primary" />
          Compass
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        <CompassDial heading={heading} />
        {/* No aria-live: the simulation changes this ten times a second. */}
        <p className="text-3xl font-bold tabular-nums" data-testid="compass-heading">
          <span data-testid="compass-degrees">{degrees}°</span>{' '}
          <span data-testid="compass-point">{compassPoint(degrees)}</span>
        </p>
        <p className="text-center text-xs text-muted-foreground" data-testid="compass-source">
          {source === 'device'
            ? "Following your device's compass."
            : source === 'starting'
              ? 'Starting the compass…'
              : canRequestPermission
                ? 'Simulated heading until you allow the compass.'
                : simulationReason === 'denied'
                  ? 'Simulated heading: permission to access device orientation was denied.'
                  : 'Simulated heading: no compass on this device.'}
        </p>
        {canRequestPermission ? (
          <Button variant="outline" onClick={requestPermission}>
            <Smartphone aria-hidden="true" />
            Use Device Compass
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
