import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, Lightbulb, Timer } from 'lucide-react';
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import {
  type FilterableCatch,
  type FilterableTrip,
  filterInsightLog,
  type InsightFilter,
} from '#core/insight-filter.ts';
import { computeInsights, type Insights } from '#core/insights.ts';
import { speciesName } from '#core/species-aliases.ts';
import { getInsights, INSIGHTS_PATH } from '@/api/insights-endpoints';
import { Button } from '@/components/ui/button';
import { useUnits } from '@/features/auth/use-units';
import { askedBeforeThisPage } from '@/lib/asked-before-this-page';
import { ViewSpinner } from '../history/history-status.tsx';
import { useSpots } from '../spots/use-spots.ts';
import type { ShownTrip } from '../trips/trips-merge.ts';
import { useTrips } from '../trips/use-trips.ts';
import { groupInsights, type InsightItem, type ThinItem } from './insight-groups.ts';
import {
  bucketLabel,
  catchesText,
  FACTOR_NAMES,
  formatConfidence,
  formatRate,
  formatRatio,
  hoursText,
  insightSentence,
  NEEDS_MORE_DATA,
  prefersHour12,
  TEST_NAME,
  type WordContext,
} from './insight-words.ts';

/**
 * The Insights view of the History tab (docs/decisions/044-insights.md): each pattern measured against the time the
 * angler fished, in plain words, the clear effects first. Worked out on the phone from the kept catches and trips
 * (so offline too) by the same core functions the server answers GET /api/insights with. A chunk of its own, loaded
 * when the view opens. On a first visit, until the whole catch list is here (megabytes at 10,000 catches), it shows
 * the server's answer for the whole log, the same figures (docs/decisions/049-stats-and-insights-speed.md).
 */
export function InsightsView({
  catches,
  filter,
  tripId,
  onStartTrip,
}: {
  /**
   * History's catches, the kept list merged with the outbox, through History's filters (log-filter.ts); null while
   * the whole list is on its way (a first visit).
   */
  catches: readonly Catch[] | null;
  /** History's filters as insights read them: the trips and days they keep (log-filter.ts `toInsightFilter`). */
  filter: InsightFilter;
  /** History's trip filter: only that trip's hours and fish. */
  tripId: number | null;
  /** Opens the Log tab, where a trip is started. */
  onStartTrip: () => void;
}) {
  const { trips, loading } = useTrips();
  const { spots } = useSpots();
  const units = useUnits();
  // Working through 10,000 catches waits for a quiet moment: the filters answer at once.
  const shownFilter = useDeferredValue(filter);
  const shownTripId = useDeferredValue(tripId);

  const log = useMemo(() => (catches === null ? null : insightLog(catches, trips)), [catches, trips]);
  const phoneInsights = useMemo(() => {
    if (log === null) return null;
    const inTrip = shownTripId === null ? log.trips : log.trips.filter((trip) => trip.id === shownTripId);
    const picked = filterInsightLog(log.catches, inTrip, shownFilter);
    return computeInsights(picked.catches, picked.trips);
  }, [log, shownFilter, shownTripId]);
  // The whole log unfiltered is what the server answers without a query; the filters cannot be set before the
  // catches are here anyway (History shows its filter bar with them).
  const unfiltered =
    shownTripId === null && Object.values(shownFilter).every((part) => part === undefined || part === null);
  const serverAnswer = useQuery({
    queryKey: [INSIGHTS_PATH],
    queryFn: getInsights,
    enabled: catches === null && unfiltered,
    // A stand-in while the list loads. One kept from an earlier visit is asked again when the view opens; one asked
    // since this page opened (home.tsx asks with the page) is taken as it is: the list it stands in for is on its way.
    staleTime: 0,
    refetchOnMount: askedBeforeThisPage,
  });
  const insights = phoneInsights ?? (unfiltered ? (serverAnswer.data ?? null) : null);
  const spotNames = useMemo(
    () => new Map(spots.flatMap((spot) => (spot.id === null ? [] : [[spot.id, spot.name] as const]))),
    [spots],
  );
  const words = useMemo<WordContext>(
    () => ({
      units,
      hour12: prefersHour12(typeof navigator === 'undefined' ? undefined : navigator.languages),
      spotNames,
    }),
    [units, spotNames],
  );
  const who = shownFilter.species ? speciesName(shownFilter.species) : 'All fish';

  return (
    <section aria-labelledby="insights-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="insights-heading" className="text-xl font-semibold tracking-tight">
        Insights
      </h2>
      {!loading && trips.length === 0 ? (
        <NeedsTrips onStartTrip={onStartTrip} />
      ) : insights === null || (loading && phoneInsights !== null) ? (
        <ViewSpinner />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Your catch rate in each condition, against the hours you fished in it.
          </p>
          <InsightList insights={insights} who={who} words={words} />
        </>
      )}
    </section>
  );
}

/** What insights read of History's catches and the kept trips: a trip counts once the server has it. */
function insightLog(catches: readonly Catch[], trips: readonly ShownTrip[]) {
  return {
    catches: catches.map(
      (item): FilterableCatch => ({
        fishType: item.fishType,
        quantity: item.quantity,
        tripId: item.tripId ?? null,
        spotId: item.spotId ?? null,
        baitUsed: item.baitUsed ?? null,
        waterTemperature: item.waterTemperature ?? null,
        timeOfDay: item.timeOfDay ?? null,
        catchDate: item.catchDate ?? null,
        caughtAt: item.caughtAt,
        isTestCatch: item.isTestCatch,
        conditions: item.conditions,
      }),
    ),
    trips: trips.flatMap(({ saved }): FilterableTrip[] =>
      saved === null
        ? []
        : [
            {
              id: saved.id,
              spotId: saved.spotId,
              durationMinutes: saved.durationMinutes,
              effort: saved.effort,
              startedAt: saved.startedAt,
            },
          ],
    ),
  };
}

function NeedsTrips({ onStartTrip }: { onStartTrip: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <Timer aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">Insights need trips</p>
      <p className="text-sm text-muted-foreground">
        They measure your catches against the hours you fished. Start a trip on the Log tab when you go
        fishing.
      </p>
      <Button variant="outline" onClick={onStartTrip}>
        Go to Log
      </Button>
    </div>
  );
}

function InsightSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function InsightList({ insights, who, words }: { insights: Insights; who: string; words: WordContext }) {
  const groups = useMemo(() => groupInsights(insights), [insights]);
  // Factors no trip has minutes for yet (the server works them out once a trip has ended), named in one line.
  const unknown = groups.thin.filter((item) => item.bucket === null).map((item) => FACTOR_NAMES[item.factor]);
  return (
    <>
      <p className="text-sm" data-testid="insights-summary">
        {catchesText(insights.catchesInTrips)} in {hoursText(insights.hoursFished)} fished
      </p>
      <InsightSection title="Clear effects">
        {groups.clear.length === 0 ? (
          <p className="text-sm text-muted-foreground">No clear effect yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="insights-clear">
            {groups.clear.map((item) => (
              <InsightRow key={item.key} item={item} who={who} words={words} insights={insights} strong />
            ))}
          </ul>
        )}
      </InsightSection>
      {groups.unclear.length > 0 ? (
        <InsightSection title="No clear effect">
          <ul className="flex flex-col gap-2">
            {groups.unclear.map((item) => (
              <InsightRow key={item.key} item={item} who={who} words={words} insights={insights} />
            ))}
          </ul>
        </InsightSection>
      ) : null}
      {groups.thin.length > 0 ? (
        <InsightSection title="Needs more data">
          <p className="text-sm text-muted-foreground">{NEEDS_MORE_DATA}</p>
          <ul className="flex flex-col gap-1 text-sm" data-testid="insights-thin">
            {groups.thin
              .filter((item): item is ThinItem & { bucket: string } => item.bucket !== null)
              .map((item) => (
                <li key={item.key} className="[overflow-wrap:anywhere]">
                  {thinText(item, words)}
                </li>
              ))}
            {unknown.length > 0 ? (
              <li className="[overflow-wrap:anywhere]">Not known for any trip yet: {unknown.join(', ')}</li>
            ) : null}
          </ul>
        </InsightSection>
      ) : null}
      <Shares insights={insights} words={words} />
    </>
  );
}

function thinText(item: ThinItem & { bucket: string }, words: WordContext): string {
  return `${FACTOR_NAMES[item.factor]}, ${bucketLabel(item.factor, item.bucket, words)}: ${catchesText(item.catches)} in ${hoursText(item.hours)}`;
}

/** A compared bucket's sentence and, a tap away, the numbers behind its verdict. */
function InsightRow({
  item,
  who,
  words,
  insights,
  strong = false,
}: {
  item: InsightItem;
  who: string;
  words: WordContext;
  insights: Insights;
  strong?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const numbersId = useId();
  const label = bucketLabel(item.factor, item.bucket, words);
  const restCatches = item.factorCatches - item.catches;
  const restHours = item.factorHours - item.hours;
  const figures: [string, string][] = [
    [label, `${catchesText(item.catches)} in ${hoursText(item.hours)}`],
    ['The rest of the time', `${catchesText(restCatches)} in ${hoursText(restHours)}`],
    ['Rate', `${formatRate(item.rate ?? 0)} per hour, against ${formatRate(item.restRate ?? 0)}`],
    [
      'Rate ratio (interval)',
      `${formatRatio(item.ratio)} (${formatRatio(item.low)} to ${formatRatio(item.high)})`,
    ],
    [
      'Confidence',
      `${formatConfidence(insights.comparisons)} (1 − 0.05 / ${insights.comparisons} comparisons)`,
    ],
    ['Test', TEST_NAME],
  ];
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-card p-3">
      <p className={strong ? 'flex items-start gap-2 font-medium' : 'text-sm'}>
        {strong ? <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" /> : null}
        <span className="min-w-0 [overflow-wrap:anywhere]">{insightSentence(item, who, words)}</span>
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={numbersId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        Numbers<span className="sr-only"> for {label}</span>
      </Button>
      <dl id={numbersId} hidden={!open} className="grid gap-1 text-sm">
        {figures.map(([name, value]) => (
          <div key={name} className="flex min-w-0 flex-wrap gap-x-2">
            <dt className="text-muted-foreground">{name}</dt>
            <dd className="min-w-0 tabular-nums [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** Bait and water temperature: no trip records them hour by hour, so only their shares of the catches. */
function Shares({ insights, words }: { insights: Insights; words: WordContext }) {
  const known = insights.shares.filter((factor) => factor.catches > 0);
  if (known.length === 0) return null;
  return (
    <InsightSection title="Shares of catches">
      <p className="text-sm text-muted-foreground">
        Shares of your catches only, not measured against the hours fished: no trip records these hour by
        hour.
      </p>
      {known.map((factor) => (
        <div key={factor.factor} className="flex min-w-0 flex-col gap-1">
          <h4 className="text-sm font-medium">
            {FACTOR_NAMES[factor.factor]} (share of {catchesText(factor.catches)})
          </h4>
          <ul className="flex flex-col gap-0.5 text-sm">
            {factor.buckets.map((bucket) => (
              // The share goes under its name when both do not fit (large text): a name never breaks mid-word.
              <li
                key={bucket.bucket}
                className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-2"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {bucketLabel(factor.factor, bucket.bucket, words)}
                </span>
                <span className="tabular-nums text-muted-foreground">
                  {Math.round(bucket.share * 100)}&nbsp;% of catches
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </InsightSection>
  );
}
