import { useQueryClient } from '@tanstack/react-query';
import { Shirt, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { type GearPriority, type GearRecommendation, recommendGear } from '#core/gear.ts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUnits } from '@/features/auth/use-units';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/cn';
import { type GearResult, gearFailureToast, gearSuccessToast, recommendationsForHere } from './gear-flow.ts';
import { GEAR_ICONS } from './gear-icons.ts';
import { Pill } from './tool-card-parts.tsx';
import { formatTemperature, formatWind } from './tools-format.ts';
import { useToolsLocation } from './tools-location.tsx';
import { fetchWeatherReading } from './weather-query.ts';

const GROUPS: Array<{ priority: GearPriority; label: string; badge: string }> = [
  { priority: 'essential', label: 'Essential', badge: 'bg-red-100 text-red-900' },
  { priority: 'recommended', label: 'Recommended', badge: 'bg-sky-100 text-sky-900' },
  { priority: 'optional', label: 'Optional', badge: 'bg-muted text-foreground' },
];

function GearItem({ item, badge, label }: { item: GearRecommendation; badge: string; label: string }) {
  const Icon = GEAR_ICONS[item.icon];
  const alert = item.icon === 'alert';
  return (
    <li
      className={cn(
        'flex flex-wrap items-start gap-3 rounded-lg border p-3',
        alert ? 'border-destructive bg-red-50' : 'border-border bg-background',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', alert ? 'text-destructive' : 'text-primary')}
      />
      {/* 8rem or more beside the icon, else under it; the badge goes under the name when both do not fit (large
          text). */}
      <div className="min-w-0 flex-[1_1_8rem]">
        <div className="flex flex-wrap items-start justify-between gap-x-2">
          <p className={cn('font-semibold', alert && 'text-destructive')}>{item.name}</p>
          <Pill className={cn('mt-0.5 shrink-0', badge)}>{label}</Pill>
        </div>
        <p className="text-sm text-muted-foreground">{item.description}</p>
      </div>
    </li>
  );
}

/** Gear for the current conditions (the rules table of docs/product.md#gear), grouped essential → recommended → optional. */
export function GearCard() {
  const { locate } = useToolsLocation();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<GearResult | null>(null);
  const [busy, setBusy] = useState(false);
  const units = useUnits();
  // Written again in the current units on every render, so a change in Profile shows without asking again.
  const items = result ? recommendGear(result.weather, units) : [];

  const generate = async () => {
    setBusy(true);
    try {
      const next = await recommendationsForHere({
        locate,
        weatherAt: (position) => fetchWeatherReading(queryClient, position),
        units,
      });
      setResult(next);
      toast(gearSuccessToast(next.items.length));
    } catch (error) {
      toast(gearFailureToast(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card role="region" aria-labelledby="tools-gear-title">
      <CardHeader className="pb-3">
        <CardTitle as="h3" id="tools-gear-title" className="flex items-center gap-2">
          <Shirt aria-hidden="true" className="size-5 text-primary" />
          Gear Recommendations
        </CardTitle>
        <CardDescription>What to pack for the weather where you are.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Button onClick={() => void generate()} disabled={busy} className="w-full">
          {busy ? <Spinner /> : <Sparkles aria-hidden="true" />}
          {busy ? 'Checking Conditions...' : 'Get Recommendations'}
        </Button>
        {result ? (
          <section aria-label="Recommended gear" className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground" data-testid="gear-conditions">
              {/* A number stays on the line of its unit. */}
              For{' '}
              <span className="whitespace-nowrap">
                {formatTemperature(result.weather.temperature, units)}
              </span>
              , {result.weather.description}, wind{' '}
              <span className="whitespace-nowrap">{formatWind(result.weather.windSpeed, units)}</span> at{' '}
              {result.weather.location}.
            </p>
            {GROUPS.map((group) => {
              const inGroup = items.filter((item) => item.priority === group.priority);
              if (inGroup.length === 0) return null;
              return (
                <div key={group.priority} className="flex flex-col gap-2">
                  <h4 className="text-sm font-semibold">
                    {group.label}{' '}
                    <span className="font-normal text-muted-foreground">({inGroup.length})</span>
                  </h4>
                  <ul className="flex flex-col gap-2" aria-label={`${group.label} gear`}>
                    {inGroup.map((item) => (
                      <GearItem key={item.name} item={item} badge={group.badge} label={group.label} />
                    ))}
                  </ul>
                </div>
              );
            })}
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
