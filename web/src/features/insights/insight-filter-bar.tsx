import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import type { InsightFilter } from '#core/insight-filter.ts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { dateRanges, rangeKeyOf } from './date-ranges.ts';

/** A species the angler has caught: the name shown (core/species-aliases.ts `speciesName`) and how many. */
export interface SpeciesChoice {
  name: string;
  catches: number;
}

/**
 * Which part of the log insights are about (core/insight-filter.ts): species, date range (all, a year, a season, or
 * custom from/to) and spot. Controlled by an `InsightFilter` and its onChange alone, so History-wide filters
 * can feed or replace it.
 */
export function InsightFilterBar({
  value,
  onChange,
  species,
  spots,
}: {
  value: InsightFilter;
  onChange: (chosen: InsightFilter) => void;
  species: readonly SpeciesChoice[];
  spots: readonly { id: number; name: string }[];
}) {
  const ranges = useMemo(() => dateRanges(new Date()), []);
  const from = value.from ?? null;
  const to = value.to ?? null;
  // 'Custom' with no day typed yet is still all time; remember the choice so the day inputs stay.
  const [customChosen, setCustomChosen] = useState(false);
  const rangeKey = customChosen ? 'custom' : rangeKeyOf(ranges, from, to);

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="sr-only">Filter insights</legend>
      <FilterSelect
        label="Species"
        value={value.species ?? ''}
        onChange={(name) => onChange({ ...value, species: name || null })}
      >
        <option value="">All fish</option>
        {species.map((choice) => (
          <option key={choice.name} value={choice.name}>
            {choice.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Dates"
        value={rangeKey}
        onChange={(key) => {
          setCustomChosen(key === 'custom');
          if (key === 'custom') return;
          const range = ranges.find((choice) => choice.key === key);
          onChange({ ...value, from: range?.from ?? null, to: range?.to ?? null });
        }}
      >
        {ranges.map((range) => (
          <option key={range.key} value={range.key}>
            {range.label}
          </option>
        ))}
        <option value="custom">Custom dates</option>
      </FilterSelect>
      {rangeKey === 'custom' ? (
        <div className="grid gap-3 grid-fit-32">
          <DayInput label="From" value={from} onChange={(day) => onChange({ ...value, from: day })} />
          <DayInput label="To" value={to} onChange={(day) => onChange({ ...value, to: day })} />
        </div>
      ) : null}
      {spots.length > 0 ? (
        <FilterSelect
          label="Spot"
          value={value.spotId == null ? '' : String(value.spotId)}
          onChange={(id) => onChange({ ...value, spotId: id === '' ? null : Number(id) })}
        >
          <option value="">All spots</option>
          {spots.map((spot) => (
            <option key={spot.id} value={spot.id}>
              {spot.name}
            </option>
          ))}
        </FilterSelect>
      ) : null}
    </fieldset>
  );
}

/** A labelled native select: the phone's own picker, one 44 px control. */
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
          className={
            'flex min-h-11 w-full appearance-none truncate rounded-md border border-input bg-card py-2 pl-3 pr-9 ' +
            'text-base text-foreground shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'
          }
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

function DayInput({
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
