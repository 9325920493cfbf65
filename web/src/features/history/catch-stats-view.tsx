import { useQuery } from '@tanstack/react-query';
import { ChartColumn, FlaskConical, Trophy } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import type { Catch } from '#core/catch.ts';
import {
  type CatchStats,
  type ChartBucket,
  chartBuckets,
  releasedPercent,
  statsSummary,
} from '#core/catch-stats.ts';
import type { NamedCount } from '#core/names.ts';
import type { StatsSummary } from '#core/stats-schema.ts';
import { tripTotals } from '#core/trip-stats.ts';
import { formatFigure } from '#core/units.ts';
import { getStatsSummary, STATS_PATH } from '@/api/stats-endpoints';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useUnits } from '@/features/auth/use-units';
import { askedBeforeThisPage } from '@/lib/asked-before-this-page';
import { cn } from '@/lib/cn';
import { formatLength, formatWeight } from '../catches/catch-format.ts';
import { useTrips } from '../trips/use-trips.ts';
import { ViewSpinner } from './history-status.tsx';
import { useAfterPaint } from './use-after-paint.ts';

/**
 * The Stats view of the History tab (docs/product.md#stats, decision 011): totals (of fish: "12 perch" counts 12, and
 * the share released, decision 043), catches per month, each species with its heaviest and longest catch, and the
 * top baits and places, and the effort behind them from the trips (hours fished, fish per hour). A chunk of its own,
 * loaded when the view opens; the numbers come from core/catch-stats.ts, computed by History from the same list it
 * shows, and core/trip-stats.ts from the kept trip list, so they work offline. On a first visit, until the whole
 * catch list is here (megabytes at 10,000 catches), it shows the server's figures of the whole log (GET /api/stats,
 * the same function over the same catches: docs/decisions/049-stats-and-insights-speed.md), the records not yet
 * buttons (their catches come with the list).
 */

type OpenCatch = (item: Catch, opener: HTMLElement) => void;

// One formatter per style, made once: toLocaleDateString makes a new one on every call (~0.5 ms each, 38 calls
// in a chart: decision 023).
const MONTH_FORMATS = {
  narrow: new Intl.DateTimeFormat(undefined, { month: 'narrow' }),
  short: new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' }),
  long: new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }),
};

/** A bar's name: its month ('J', 'Jan 2025', 'January 2025'), its quarter ('Q1', 'Q1 2025') or its year. */
function bucketLabel(bucket: ChartBucket, style: keyof typeof MONTH_FORMATS): string {
  if (bucket.span === 12)
    return style === 'narrow' ? `’${String(bucket.year).slice(-2)}` : String(bucket.year);
  if (bucket.span === 3) {
    const quarter = `Q${(bucket.month + 2) / 3}`;
    return style === 'narrow' ? quarter : `${quarter} ${bucket.year}`;
  }
  return MONTH_FORMATS[style].format(new Date(bucket.year, bucket.month - 1, 1));
}

const CHART_TITLES: Record<ChartBucket['span'], string> = {
  1: 'Catches per month',
  3: 'Catches per quarter',
  12: 'Catches per year',
};

/** A button that opens a record catch's details; its name says which record it is. */
function RecordButton({
  item,
  label,
  value,
  onOpen,
  children,
  className,
}: {
  item: Catch;
  /** Which record, e.g. 'Heaviest Walleye'. */
  label: string;
  /** The record in the angler's units, e.g. '4.0 lbs'. */
  value: string;
  onOpen: OpenCatch;
  /** What the button shows, when not just the value. */
  children?: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={`${label}: ${value}`}
      onClick={(event) => onOpen(item, event.currentTarget)}
      className={cn(
        'inline-flex min-h-11 min-w-11 flex-col justify-center rounded-md px-2 text-left font-semibold tabular-nums',
        'text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {children ?? <span className="whitespace-nowrap">{value}</span>}
    </button>
  );
}

function StatsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `stats-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader className="pb-3">
        <CardTitle as="h3" id={id} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The figures shown (the phone's own, else the server's) and, once the list is here, the catches behind them. */
interface StatsShown {
  summary: StatsSummary;
  stats: CatchStats | null;
}

function Totals({ summary, stats, onOpen }: StatsShown & { onOpen: OpenCatch }) {
  const units = useUnits();
  const heaviest = stats?.heaviest ?? null;
  const heaviestWeight = formatWeight(summary.heaviest?.weight, units);
  const heaviestSpecies = summary.heaviest?.species ?? '';
  const facts: Fact[] = [
    { label: 'Catches', value: formatFigure(summary.totalCatches), testId: 'stats-total-catches' },
    { label: 'Species', value: formatFigure(summary.speciesCount), testId: 'stats-total-species' },
    {
      label: 'Total weight',
      value: <span className="whitespace-nowrap">{formatWeight(summary.totalWeight, units) ?? '—'}</span>,
      testId: 'stats-total-weight',
    },
    {
      label: 'Heaviest',
      value:
        heaviestWeight === null ? (
          '—'
        ) : heaviest === null ? (
          <span>
            <span className="whitespace-nowrap">{heaviestWeight}</span>{' '}
            <span className="text-sm font-medium">{heaviestSpecies}</span>
          </span>
        ) : (
          <RecordButton
            item={heaviest}
            label="Heaviest catch"
            value={`${heaviestWeight} ${heaviestSpecies}`}
            onOpen={onOpen}
            className="-mx-2"
          >
            {/* The space keeps the visible text "6.8 lbs Largemouth Bass" inside the name (axe's
                label-content-name-mismatch: speech input users say what they see). */}
            <span className="whitespace-nowrap">{heaviestWeight}</span>{' '}
            <span className="text-sm font-medium">{heaviestSpecies}</span>
          </RecordButton>
        ),
      testId: 'stats-heaviest',
    },
  ];
  const released = releasedText(summary);
  if (released) facts.push({ label: 'Released', value: released, testId: 'stats-released' });
  return <FactGrid facts={facts} />;
}

interface Fact {
  label: string;
  value: ReactNode;
  testId: string;
}

/** Figures side by side, each a name over its value. */
function FactGrid({ facts }: { facts: Fact[] }) {
  return (
    <dl className="grid grid-fit-32 gap-2">
      {facts.map(({ label, value, testId }) => (
        <div key={label} className="flex min-w-0 flex-col gap-0.5 rounded-lg bg-muted px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Hours and rates to one decimal, as the weights are, without a trailing '.0': '3.5', '12', '1,204.5'. */
const oneDecimal = (value: number) => formatFigure(value, 1);

/**
 * The effort behind the fish (decision 043): hours fished (a running trip so far), trips, skunked trips and fish per
 * hour, from the kept trip list (use-trips.ts), so offline too. The rest of Stats never waits for it: while the trips
 * load, a log with catches holds their place ('…'), so the chart below does not jump down when they come; when they
 * cannot be loaded this shows nothing; nor does it in a log with neither catches nor trips.
 */
function TripFigures({ showWithoutTrips }: { showWithoutTrips: boolean }) {
  const { trips, loading, loadFailed } = useTrips();
  if (loading && showWithoutTrips) return <FactGrid facts={tripFacts(null)} />;
  if (loading || loadFailed || (trips.length === 0 && !showWithoutTrips)) return null;
  const totals = tripTotals(
    trips.map((trip) => ({ ...trip, catchCount: trip.saved?.catchCount ?? null })),
    Date.now(),
  );
  return <FactGrid facts={tripFacts(totals)} />;
}

/** The trip figures, or their places ('…') while the trips load. */
function tripFacts(totals: ReturnType<typeof tripTotals> | null): Fact[] {
  const waiting = '…';
  return [
    {
      label: 'Hours fished',
      value: totals ? oneDecimal(totals.minutesFished / 60) : waiting,
      testId: 'stats-hours-fished',
    },
    { label: 'Trips', value: totals ? formatFigure(totals.trips) : waiting, testId: 'stats-trips' },
    {
      label: 'Skunked trips',
      value: totals ? formatFigure(totals.skunkedTrips) : waiting,
      testId: 'stats-skunked-trips',
    },
    {
      label: 'Fish per hour',
      value: !totals ? waiting : totals.fishPerHour === null ? '—' : oneDecimal(totals.fishPerHour),
      testId: 'stats-fish-per-hour',
    },
  ];
}

/**
 * '14 of 20 (70 %)': the fish released of those noted as kept or released, or null when none was noted (the
 * share of a log that never says would be no information).
 */
function releasedText(summary: StatsSummary): string | null {
  const percent = releasedPercent(summary.released);
  if (percent === null) return null;
  return `${formatFigure(summary.released.released)} of ${formatFigure(summary.released.noted)} (${percent}\u00a0%)`;
}

/**
 * Bars for the eyes (hidden from screen readers) and the same numbers as a table for everyone else. The bars are
 * months, or quarters or years for a long span (core/catch-stats.ts `chartBuckets`), never more than fit a phone.
 */
function MonthChart({ buckets }: { buckets: ChartBucket[] }) {
  const most = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const none: ChartBucket = { year: 0, month: 1, count: 0, span: 1 };
  return (
    <figure className="flex flex-col gap-2">
      <div aria-hidden="true" className="flex h-36 items-stretch gap-1" data-testid="stats-month-bars">
        {buckets.map((bucket) => (
          <div
            key={`${bucket.year}-${bucket.month}`}
            className="flex min-w-0 flex-1 flex-col items-center gap-1"
          >
            <div className="flex w-full flex-1 flex-col justify-end">
              <span className="text-center text-[10px] font-semibold tabular-nums leading-none">
                {bucket.count > 0 ? formatFigure(bucket.count) : ''}
              </span>
              <div
                className="mt-0.5 w-full rounded-t bg-primary"
                style={{ height: bucket.count > 0 ? `max(3px, ${(bucket.count / most) * 100}%)` : 0 }}
              />
            </div>
            <span className="max-w-full truncate text-[10px] text-muted-foreground">
              {bucketLabel(bucket, 'narrow')}
            </span>
          </div>
        ))}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        {bucketLabel(buckets[0] ?? none, 'short')} to {bucketLabel(buckets.at(-1) ?? none, 'short')}
      </figcaption>
      {/* sr-only on a wrapper, not the table: a table is never narrower than its text, and with large text it ran
          past the screen's edge. */}
      <div className="sr-only">
        <table>
          <caption>{CHART_TITLES[buckets[0]?.span ?? 1]}</caption>
          <thead>
            <tr>
              <th scope="col">
                {buckets[0]?.span === 12 ? 'Year' : buckets[0]?.span === 3 ? 'Quarter' : 'Month'}
              </th>
              <th scope="col">Catches</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={`${bucket.year}-${bucket.month}`}>
                <th scope="row">{bucketLabel(bucket, 'long')}</th>
                <td>{formatFigure(bucket.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * A table cell with a record's button, its value alone while its catch is not here yet (the server's figures), or
 * a dash when the species has no such record.
 */
function RecordCell({
  item,
  value,
  label,
  onOpen,
}: {
  item: Catch | null;
  value: string | null;
  label: string;
  onOpen: OpenCatch;
}) {
  return (
    <td className="px-0.5 py-0.5">
      {value === null ? (
        <span className="px-2 text-muted-foreground">—</span>
      ) : item === null ? (
        <span className="whitespace-nowrap px-2 font-semibold tabular-nums">{value}</span>
      ) : (
        <RecordButton item={item} value={value} label={label} onOpen={onOpen} />
      )}
    </td>
  );
}

function SpeciesTable({ summary, stats, onOpen }: StatsShown & { onOpen: OpenCatch }) {
  const units = useUnits();
  const records = useMemo(
    () => new Map((stats?.species ?? []).map((species) => [species.name, species])),
    [stats],
  );
  return (
    <div className="-mx-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Each species with its heaviest and longest catch</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-1 font-medium">
              Species
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Caught
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              Heaviest
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              Longest
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.species.map((species) => {
            const weight = formatWeight(species.heaviest, units);
            const length = formatLength(species.longest, units);
            const held = records.get(species.name);
            return (
              <tr key={species.name} className="border-t border-border">
                <th scope="row" className="px-2 py-1 font-semibold [overflow-wrap:anywhere]">
                  {species.name}
                </th>
                <td className="px-2 py-1 text-right tabular-nums">{formatFigure(species.count)}</td>
                <RecordCell
                  item={held?.heaviest ?? null}
                  value={weight}
                  label={`Heaviest ${species.name}`}
                  onOpen={onOpen}
                />
                <RecordCell
                  item={held?.longest ?? null}
                  value={length}
                  label={`Longest ${species.name}`}
                  onOpen={onOpen}
                />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function TopList({ items, label, empty }: { items: NamedCount[]; label: string; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol aria-label={label} className="flex flex-col gap-1.5">
      {items.map((item, index) => (
        <li key={item.name} className="flex items-baseline gap-2 text-sm">
          <span className="w-4 shrink-0 text-right text-xs text-muted-foreground">{index + 1}</span>
          <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{item.name}</span>
          <span className="shrink-0 tabular-nums text-muted-foreground">
            {formatFigure(item.count)} {item.count === 1 ? 'catch' : 'catches'}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Why History holds more catches than Stats counts: the samples saved from a test page. */
function TestCatchesLeftOut({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p data-testid="stats-test-catches" className="flex items-start gap-1.5 text-sm text-muted-foreground">
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {count === 1
        ? '1 test catch (saved from a test page) is not counted.'
        : `${count} test catches (saved from a test page) are not counted.`}
    </p>
  );
}

export function CatchStatsView({
  stats,
  onOpen,
}: {
  /** History's stats of its catches through its filters; null while the whole list is on its way (a first visit). */
  stats: CatchStats | null;
  onOpen: OpenCatch;
}) {
  const serverAnswer = useQuery({
    queryKey: [STATS_PATH],
    queryFn: getStatsSummary,
    // History's filters appear with the list: while it is on its way, the stats are the whole log's.
    enabled: stats === null,
    // A stand-in while the list loads. One kept from an earlier visit is asked again when the view opens; one asked
    // since this page opened (home.tsx asks with the page) is taken as it is: the list it stands in for is on its way.
    staleTime: 0,
    refetchOnMount: askedBeforeThisPage,
  });
  const phoneSummary = useMemo(() => (stats === null ? null : statsSummary(stats)), [stats]);
  const summary = phoneSummary ?? serverAnswer.data ?? null;
  // The totals are painted first; the chart, the table and the lists (most of the view's elements) a frame later
  // (decision 049).
  const showRest = useAfterPaint(summary !== null, false);
  if (summary === null) return <ViewSpinner />;
  const buckets = chartBuckets(summary.months);
  return (
    <section aria-labelledby="stats-heading" className="flex flex-col gap-4">
      <h2 id="stats-heading" className="text-xl font-semibold tracking-tight">
        Your Stats
      </h2>
      <TestCatchesLeftOut count={summary.testCatches} />
      {summary.totalCatches === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
          <ChartColumn aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">No catches yet</p>
          <p className="text-sm text-muted-foreground">
            Your totals and personal bests appear here once you log a catch.
          </p>
        </div>
      ) : (
        <Totals summary={summary} stats={stats} onOpen={onOpen} />
      )}
      <TripFigures showWithoutTrips={summary.totalCatches > 0} />
      {summary.totalCatches === 0 || !showRest ? null : (
        <>
          <StatsSection title={CHART_TITLES[buckets[0]?.span ?? 1]}>
            <MonthChart buckets={buckets} />
          </StatsSection>
          <StatsSection title="Personal bests by species">
            <p className="mb-2 flex items-start gap-1.5 text-xs text-muted-foreground">
              <Trophy aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
              The heaviest and the longest of each species (on a tie, the one caught first). Tap one to open
              it.
            </p>
            <SpeciesTable summary={summary} stats={stats} onOpen={onOpen} />
          </StatsSection>
          <StatsSection title="Top baits">
            <TopList items={summary.topBaits} label="Top baits" empty="No bait noted yet." />
          </StatsSection>
          <StatsSection title="Top places">
            <TopList items={summary.topPlaces} label="Top places" empty="No named place yet." />
          </StatsSection>
        </>
      )}
    </section>
  );
}
