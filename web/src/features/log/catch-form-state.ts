import {
  type ChangeEvent,
  type ReactNode,
  type RefCallback,
  type SyntheticEvent,
  useState,
  useSyncExternalStore,
} from 'react';
import type { CatchFormValues } from '../catches/catch-form-values.ts';

/**
 * The catch form's state, for the Log tab and the edit dialog: the part of react-hook-form they used (uncontrolled
 * inputs through `register`, a controlled field, watching a value, setValue, reset, handleSubmit; no validation
 * rules, the checks are the catch contract's), in ~1 KB instead of react-hook-form's 14 KB gzip in the Log tab's
 * first load, the shell's first screen (decision 023). /auth and Profile keep react-hook-form with its zod resolver.
 *
 * Inputs stay uncontrolled, as with react-hook-form: a keystroke updates the kept value and tells the watchers,
 * it does not re-render the form.
 */
type Values = CatchFormValues;
type Name = keyof Values;

interface Registered {
  name: Name;
  ref: RefCallback<HTMLInputElement | HTMLTextAreaElement>;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

export interface CatchForm {
  /** Props for an uncontrolled input of `name`: it shows the kept value and keeps what is typed. */
  register(name: Name): Registered;
  getValues(): Values;
  getValues<N extends Name>(name: N): Values[N];
  /** Sets a value, on its input too, and tells the watchers. */
  setValue<N extends Name>(name: N, value: Values[N]): void;
  /** Calls `listener` after every change, with the field's name (none after a reset). */
  watch(listener: (values: Values, change: { name?: Name }) => void): { unsubscribe: () => void };
  /** New values for every field (the inputs show them), e.g. a fresh form after a save. */
  reset(values: Values): void;
  /** An onSubmit handler: prevents the page's submit and calls `onValid` with the values. */
  handleSubmit(
    onValid: (values: Values) => unknown,
    onInvalid?: () => void,
  ): (event?: SyntheticEvent) => Promise<void>;
}

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The form state on its own (no React), so it is tested without a browser. */
export function createCatchForm(defaultValues: Values): CatchForm {
  let values: Values = { ...defaultValues };
  const inputs = new Map<Name, HTMLInputElement | HTMLTextAreaElement>();
  const listeners = new Set<(values: Values, change: { name?: Name }) => void>();
  const registered = new Map<Name, Registered>();
  const notify = (name?: Name) => {
    for (const listener of [...listeners]) listener(values, name === undefined ? {} : { name });
  };
  const set = <N extends Name>(name: N, value: Values[N]) => {
    values = { ...values, [name]: value };
  };

  const form: CatchForm = {
    register(name) {
      let props = registered.get(name);
      if (!props) {
        props = {
          name,
          ref: (element) => {
            if (!element) return;
            inputs.set(name, element);
            element.value = asText(values[name]);
            return () => {
              if (inputs.get(name) === element) inputs.delete(name);
            };
          },
          onChange: (event) => {
            set(name, event.target.value as Values[typeof name]);
            notify(name);
          },
        };
        registered.set(name, props);
      }
      return props;
    },
    getValues: ((name?: Name) =>
      name === undefined ? { ...values } : values[name]) as CatchForm['getValues'],
    setValue(name, value) {
      set(name, value);
      const input = inputs.get(name);
      if (input) input.value = asText(value);
      notify(name);
    },
    watch(listener) {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    reset(next) {
      values = { ...next };
      for (const [name, input] of inputs) input.value = asText(values[name]);
      notify();
    },
    handleSubmit(onValid) {
      return async (event) => {
        event?.preventDefault();
        await onValid({ ...values });
      };
    },
  };
  return form;
}

/** One form for the component's life, started with `defaultValues`. */
export function useCatchForm(defaultValues: Values): CatchForm {
  const [form] = useState(() => createCatchForm(defaultValues));
  return form;
}

/** The current value of `name`, re-rendering when it changes. */
export function useWatchedValue<N extends Name>(form: CatchForm, name: N): Values[N] {
  return useSyncExternalStore(
    (onChange) => form.watch(onChange).unsubscribe,
    () => form.getValues(name),
  );
}

/** A controlled field (the species combobox): its value, and an onChange that takes the new value. */
export function FormField<N extends Name>({
  form,
  name,
  render,
}: {
  form: CatchForm;
  name: N;
  render: (field: { name: N; value: Values[N]; onChange: (value: Values[N]) => void }) => ReactNode;
}) {
  const value = useWatchedValue(form, name);
  return render({ name, value, onChange: (next) => form.setValue(name, next) });
}
