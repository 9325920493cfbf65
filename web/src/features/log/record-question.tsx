import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { UnitSystem } from '#core/units.ts';
import { OnDemand, onDemand } from '@/lib/on-demand';
import type { CatchFormValues } from '../catches/catch-form-values.ts';
import type { RecordQuestion } from '../catches/record-check.ts';
import type { CatchForm } from './catch-form-state.ts';

// The box itself loads at the first save that asks (record-question-box.tsx).
const questionBox = onDemand(() => import('./record-question-box.tsx').then((m) => m.QuestionBox));

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
    // The box that asks loads then too; without it, the same.
    const check = await import('../catches/record-check.ts').catch(() => null);
    const asked = check?.recordQuestions(values, units) ?? [];
    const ask =
      asked.length > 0 &&
      (await questionBox.preload().then(
        () => true,
        () => false,
      ));
    setQuestions(ask ? asked : null);
    return ask;
  }, []);

  const confirm = useCallback(() => {
    confirmed.current = true;
    setQuestions(null);
  }, []);
  const dismiss = useCallback(() => setQuestions(null), []);
  return { questions, mustAsk, confirm, dismiss };
}

export type RecordQuestionState = ReturnType<typeof useRecordQuestion>;

/**
 * The question itself, inside the form (record-question-box.tsx, with its buttons' handlers): nothing while there
 * is no question.
 */
export function RecordQuestionPanel({
  record,
  formRef,
}: {
  record: RecordQuestionState;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  return record.questions ? (
    <OnDemand source={questionBox} fallback={null} props={{ record, formRef }} />
  ) : null;
}
