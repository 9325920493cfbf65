import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/label';

/**
 * A labelled choice of None or one of the angler's records by id (the edit form's Spot and Trip, decision 043). A
 * native select: the phone's own picker, one 44 px control, read out by every screen reader.
 */
export function RecordSelect({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: readonly { id: number; label: string }[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <select
          id={id}
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          className={
            'flex min-h-11 w-full appearance-none rounded-md border border-input bg-card py-2 pl-3 pr-9 text-base ' +
            'text-foreground shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'
          }
        >
          <option value="">None</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}
