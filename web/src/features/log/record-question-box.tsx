import { TriangleAlert } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { focusField } from './catch-form-fields.tsx';
import type { RecordQuestionState } from './record-question.tsx';

/**
 * The record question's box (record-question.tsx), inside the form: what is beyond the record, 'Save anyway'
 * (submits the form again, past the question) and a way back to the first questioned field. A chunk of its own,
 * loaded with the record table at a save that asks, not with the Log form (the shell's first screen, decision
 * 023); lucide's icon and these handlers come with it then.
 */
export function QuestionBox({
  record,
  formRef,
}: {
  record: RecordQuestionState;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const questions = record.questions ?? [];
  const first = questions[0]?.field ?? 'weight';
  const onSaveAnyway = () => {
    record.confirm();
    formRef.current?.requestSubmit();
  };
  const onCheck = () => {
    record.dismiss();
    focusField(formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) ?? null);
  };
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
