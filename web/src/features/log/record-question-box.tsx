import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { RecordQuestion } from '../catches/record-check.ts';

/**
 * The record question's box (record-question.tsx): a chunk of its own, loaded with the record table at a save that
 * asks, not with the Log form (the shell's first screen, decision 023); lucide's icon comes with it then.
 */
export function QuestionBox({
  questions,
  first,
  onSaveAnyway,
  onCheck,
}: {
  questions: RecordQuestion[];
  first: RecordQuestion['field'];
  onSaveAnyway: () => void;
  onCheck: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  // Where the angler looks next, on a phone too: the question, not the button below it.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'center' });
    panel.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="flex flex-col gap-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        Are you sure?
      </p>
      <div id={`${id}-text`} className="flex flex-col gap-1 text-sm">
        {questions.map((question) => (
          <p key={question.field}>{question.message}</p>
        ))}
        <p>A typo is more likely than a world record, but records do fall.</p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCheck}>
          Check the {first}
        </Button>
        <Button type="button" onClick={onSaveAnyway}>
          Save anyway
        </Button>
      </div>
    </div>
  );
}
