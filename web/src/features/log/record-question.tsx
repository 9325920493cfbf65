import { TriangleAlert } from 'lucide-react';
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { UnitSystem } from '#core/units.ts';
import { Button } from '@/components/ui/button';
import type { CatchFormValues } from '../catches/catch-form-values.ts';
import type { RecordQuestion } from '../catches/record-check.ts';
import { focusField } from './catch-form-fields.tsx';
import type { CatchForm } from './catch-form-state.ts';

/**
 * "Are you sure?" for a catch beyond its species' record (features/catches/record-check.ts), in the Log form and
 * the edit dialog: the question stands above the save button until the angler saves anyway or changes the
 * species or a measurement.
 */
export function useRecordQuestion(form: CatchForm) {
  const [questions, setQuestions] = useState<RecordQuestion[] | null>(null);
  /** Set by 'Save anyway': the next submission skips the question once. */
  const confirmed = useRef(false);

  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === undefined || name === 'fishType' || name === 'weight' || name === 'length') {
        setQuestions(null);
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);

  /** True when these values must be confirmed first (the question is then shown); false when they may be saved. */
  const mustAsk = useCallback(async (values: CatchFormValues, units: UnitSystem): Promise<boolean> => {
    if (confirmed.current) {
      confirmed.current = false;
      return false;
    }
    // The record table loads at a save, not with the form (the Log tab is the shell's first screen). Should it
    // not load (offline before the app was kept on the phone), the catch is saved without the question.
    const check = await import('../catches/record-check.ts').catch(() => null);
    const asked = check?.recordQuestions(values, units) ?? [];
    setQuestions(asked.length > 0 ? asked : null);
    return asked.length > 0;
  }, []);

  const confirm = useCallback(() => {
    confirmed.current = true;
    setQuestions(null);
  }, []);
  const dismiss = useCallback(() => setQuestions(null), []);
  return { questions, mustAsk, confirm, dismiss };
}

/**
 * The question itself, inside the form: what is beyond the record, 'Save anyway' (submits the form again, past the
 * question) and a way back to the first questioned field. Nothing while there is no question.
 */
export function RecordQuestionPanel({
  record,
  formRef,
}: {
  record: ReturnType<typeof useRecordQuestion>;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  if (!record.questions) return null;
  const first = record.questions[0]?.field ?? 'weight';
  return (
    <QuestionBox
      questions={record.questions}
      first={first}
      onSaveAnyway={() => {
        record.confirm();
        formRef.current?.requestSubmit();
      }}
      onCheck={() => {
        record.dismiss();
        focusField(formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) ?? null);
      }}
    />
  );
}

function QuestionBox({
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
