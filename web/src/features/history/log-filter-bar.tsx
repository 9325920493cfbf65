import { ChevronDown, Funnel, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { formatFigure } from '#core/units.ts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatCatchDate } from '../catches/catch-format.ts';
import {
  type Hemisphere,
  isFiltered,
  type LogFilter,
  type LogPeriod,
  NO_FILTER,
  type ReleasedChoice,
  SEASONS,
  type Season,
} from './log-filter.ts';

/** What the filters can be set to, from the angler's own log (use-catch-history-state.ts `getFilterChoices`). */
export interface FilterChoices {
  /** Each species once, by its name (other names counted as it), most caught first. */
  species: readonly string[];
  /** Years with a catch, newest first. */
  years: readonly number[];
  spots: readonly { id: number; label: string }[];
  trips: readonly { id: number; label: string }[];
  baits: readonly string[];
  hemisphere: Hemisphere;
}

/** While the panel is closed and no chip names a spot or a trip, nothing of the choices is shown. */
const NOTHING_TO_CHOOSE_YET: FilterChoices = {
  species: [],
  years: [],
  spots: [],
  trips: [],
  baits: [],
  hemisphere: 'north',
};

const SEASON_NAMES: Record<Season, string> = {
  spring: 'Spring',
  summer: 'Summer',
  autumn: 'Autumn',
  winter: 'Winter',
};

const RELEASED_NAMES: Record<ReleasedChoice, string> = {
  released: 'Released',
  kept: 'Kept',
  unsaid: 'Not said',
};

/** The period as a chip says it: '2024', 'Summer 2024', 'From Jun 1, 2024 to Jun 30, 2024'. */
function periodLabel(period: LogPeriod): string {
  switch (period.kind) {
    case 'all':
      return 'All time';
    case 'year':
      return String(period.year);
    case 'season':
      return `${SEASON_NAMES[period.season]} ${period.year}`;
    case 'custom':
      if (period.from && period.to) return `${formatCatchDate(period.from)} to ${formatCatchDate(period.to)}`;
      return period.from ? `From ${formatCatchDate(period.from)}` : `Until ${formatCatchDate(period.to)}`;
  }
}

/** The active filters, each a chip that removes it: what it says and what the filter becomes without it. */
function activeChips(filter: LogFilter, choices: FilterChoices): { label: string; without: LogFilter }[] {
  const chips: { label: string; without: LogFilter }[] = [];
  if (filter.species !== null) chips.push({ label: filter.species, without: { ...filter, species: null } });
  if (filter.period.kind !== 'all')
    chips.push({ label: periodLabel(filter.period), without: { ...filter, period: NO_FILTER.period } });
  if (filter.spotId !== null) {
    const spot = choices.spots.find((choice) => choice.id === filter.spotId)?.label ?? 'A spot';
    chips.push({ label: spot, without: { ...filter, spotId: null } });
  }
  if (filter.tripId !== null) {
    const trip = choices.trips.find((choice) => choice.id === filter.tripId)?.label ?? 'A trip';
    chips.push({ label: trip, without: { ...filter, tripId: null } });
  }
  if (filter.bait !== null) chips.push({ label: filter.bait, without: { ...filter, bait: null } });
  if (filter.released !== null)
    chips.push({ label: RELEASED_NAMES[filter.released], without: { ...filter, released: null } });
  return chips;
}

const SELECT_CLASS =
  'flex min-h-11 w-full appearance-none rounded-md border border-input bg-card py-2 pl-3 pr-9 text-base ' +
  'text-foreground shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A labelled native select (the phone's own picker, one 44 px control); '' is its 'any' choice. */
function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={SELECT_CLASS}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}

/** The 'When' select's value for a period: 'all', a year, 'season' or 'custom'. */
function whenValue(period: LogPeriod): string {
  return period.kind === 'year' ? String(period.year) : period.kind;
}

/**
 * History's filters (log-filter.ts), above the list, the map and Stats alike: a 'Filters' button opens the choices;
 * the active ones show as chips that remove them, with 'Clear filters' and how many catches are shown.
 */
export function LogFilterBar({
  filter,
  onChange,
  getChoices,
  shownCount,
}: {
  filter: LogFilter;
  onChange: (filter: LogFilter) => void;
  /** Worked out on the first call (a pass over the whole log): asked only when the panel or a chip needs it. */
  getChoices: () => FilterChoices;
  /** Catches the current view shows. */
  shownCount: number;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const choices =
    open || filter.spotId !== null || filter.tripId !== null ? getChoices() : NOTHING_TO_CHOOSE_YET;
  const chips = activeChips(filter, choices);
  const thisYear = new Date().getFullYear();
  const seasonYears = choices.years.length > 0 ? choices.years : [thisYear];
  const period = filter.period;
  const setPeriod = (next: LogPeriod) => onChange({ ...filter, period: next });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <Funnel aria-hidden="true" />
          {chips.length > 0 ? `Filters (${chips.length})` : 'Filters'}
        </Button>
        <p className="text-sm text-muted-foreground" data-testid="filter-count" aria-live="polite">
          {`${formatFigure(shownCount)} ${shownCount === 1 ? 'catch' : 'catches'}`}
        </p>
      </div>

      {open ? (
        <fieldset id={panelId} className="grid grid-fit-40 gap-3 rounded-xl border border-border p-3">
          <legend className="sr-only">Filters</legend>
          <FilterSelect
            label="Species"
            value={filter.species ?? ''}
            onChange={(value) => onChange({ ...filter, species: value || null })}
          >
            <option value="">Any species</option>
            {filter.species !== null && !choices.species.includes(filter.species) ? (
              <option value={filter.species}>{filter.species}</option>
            ) : null}
            {choices.species.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </FilterSelect>

          <FilterSelect
            label="When"
            value={whenValue(period)}
            onChange={(value) => {
              if (value === 'all') setPeriod({ kind: 'all' });
              else if (value === 'season')
                setPeriod({
                  kind: 'season',
                  season: 'summer',
                  year: seasonYears[0] ?? thisYear,
                  hemisphere: choices.hemisphere,
                });
              else if (value === 'custom') setPeriod({ kind: 'custom', from: null, to: null });
              else setPeriod({ kind: 'year', year: Number(value) });
            }}
          >
            <option value="all">All time</option>
            {choices.years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
            {period.kind === 'year' && !choices.years.includes(period.year) ? (
              <option value={period.year}>{period.year}</option>
            ) : null}
            <option value="season">A season</option>
            <option value="custom">Custom dates</option>
          </FilterSelect>

          {period.kind === 'season' ? (
            <>
              <FilterSelect
                label="Season"
                value={period.season}
                onChange={(value) => {
                  const season = SEASONS.find((name) => name === value);
                  if (season) setPeriod({ ...period, season });
                }}
              >
                {SEASONS.map((season) => (
                  <option key={season} value={season}>
                    {SEASON_NAMES[season]}
                  </option>
                ))}
              </FilterSelect>
              <FilterSelect
                label="Season's year"
                value={String(period.year)}
                onChange={(value) => setPeriod({ ...period, year: Number(value) })}
              >
                {(seasonYears.includes(period.year) ? seasonYears : [period.year, ...seasonYears]).map(
                  (year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ),
                )}
              </FilterSelect>
              <p className="text-xs text-muted-foreground [grid-column:1/-1]">
                {period.hemisphere === 'south'
                  ? 'Seasons of the southern hemisphere, by whole months; winter runs into the next year.'
                  : 'Seasons of the northern hemisphere, by whole months; winter runs into the next year.'}
              </p>
            </>
          ) : null}

          {period.kind === 'custom' ? (
            <>
              <DateField
                label="From"
                value={period.from}
                onChange={(from) => setPeriod({ ...period, from })}
              />
              <DateField label="To" value={period.to} onChange={(to) => setPeriod({ ...period, to })} />
            </>
          ) : null}

          {choices.spots.length > 0 ? (
            <FilterSelect
              label="Spot"
              value={filter.spotId === null ? '' : String(filter.spotId)}
              onChange={(value) => onChange({ ...filter, spotId: value === '' ? null : Number(value) })}
            >
              <option value="">Any spot</option>
              {choices.spots.map((spot) => (
                <option key={spot.id} value={spot.id}>
                  {spot.label}
                </option>
              ))}
            </FilterSelect>
          ) : null}

          {choices.trips.length > 0 ? (
            <FilterSelect
              label="Trip"
              value={filter.tripId === null ? '' : String(filter.tripId)}
              onChange={(value) => onChange({ ...filter, tripId: value === '' ? null : Number(value) })}
            >
              <option value="">Any trip</option>
              {choices.trips.map((trip) => (
                <option key={trip.id} value={trip.id}>
                  {trip.label}
                </option>
              ))}
            </FilterSelect>
          ) : null}

          {choices.baits.length > 0 ? (
            <FilterSelect
              label="Bait"
              value={filter.bait ?? ''}
              onChange={(value) => onChange({ ...filter, bait: value || null })}
            >
              <option value="">Any bait</option>
              {filter.bait !== null && !choices.baits.includes(filter.bait) ? (
                <option value={filter.bait}>{filter.bait}</option>
              ) : null}
              {choices.baits.map((bait) => (
                <option key={bait} value={bait}>
                  {bait}
                </option>
              ))}
            </FilterSelect>
          ) : null}

          <FilterSelect
            label="Released or kept"
            value={filter.released ?? ''}
            onChange={(value) =>
              onChange({
                ...filter,
                released: value === 'released' || value === 'kept' || value === 'unsaid' ? value : null,
              })
            }
          >
            <option value="">Either</option>
            <option value="released">{RELEASED_NAMES.released}</option>
            <option value="kept">{RELEASED_NAMES.kept}</option>
            <option value="unsaid">{RELEASED_NAMES.unsaid}</option>
          </FilterSelect>
        </fieldset>
      ) : null}

      {isFiltered(filter) ? (
        <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
          {chips.map((chip) => (
            <li key={chip.label} className="min-w-0 max-w-full">
              <button
                type="button"
                aria-label={`Remove filter: ${chip.label}`}
                onClick={() => onChange(chip.without)}
                className={
                  'inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-full border border-border bg-muted ' +
                  'px-3 text-sm font-medium [overflow-wrap:anywhere] focus-visible:outline-none ' +
                  'focus-visible:ring-2 focus-visible:ring-ring'
                }
              >
                <span className="min-w-0 text-left">{chip.label}</span>
                <X aria-hidden="true" className="size-4 shrink-0" />
              </button>
            </li>
          ))}
          <li>
            <Button variant="ghost" onClick={() => onChange(NO_FILTER)}>
              Clear filters
            </Button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

/** A labelled day picker; clearing it opens that end of the range. */
function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      />
    </div>
  );
}
