import { describe, expect, it } from 'vitest';
import { emptyCatchForm } from '../catches/catch-payload.ts';
import { createCatchForm } from './catch-form-state.ts';

/** Enough of an <input> for the form: the value it shows. */
const fakeInput = () => ({ value: '' }) as HTMLInputElement;
const typeInto = (input: HTMLInputElement, text: string) => ({
  target: Object.assign(input, { value: text }),
});

describe('the catch form state', () => {
  const start = () => createCatchForm({ ...emptyCatchForm(), fishType: 'Pike', weight: '2.5' });

  it('shows the kept values in the inputs it registers, and keeps what is typed', () => {
    const form = start();
    const weight = fakeInput();
    const field = form.register('weight');
    field.ref(weight);
    expect(weight.value).toBe('2.5');
    field.onChange(typeInto(weight, '3') as never);
    expect(form.getValues('weight')).toBe('3');
    expect(form.getValues().weight).toBe('3');
    // The same props every render, as react-hook-form's.
    expect(form.register('weight')).toBe(field);
  });

  it('tells the watchers which field changed, and nothing after a reset', () => {
    const form = start();
    const seen: Array<string | undefined> = [];
    const { unsubscribe } = form.watch((_values, { name }) => seen.push(name));
    form.setValue('latitude', 45.1);
    form.register('notes').onChange(typeInto(fakeInput(), 'Dusk') as never);
    form.reset(emptyCatchForm());
    unsubscribe();
    form.setValue('fishType', 'Perch');
    expect(seen).toEqual(['latitude', 'notes', undefined]);
  });

  it('puts set and reset values into the inputs', () => {
    const form = start();
    const place = fakeInput();
    form.register('locationName').ref(place);
    form.setValue('locationName', 'Lake Fork');
    expect(place.value).toBe('Lake Fork');
    form.reset({ ...emptyCatchForm(), locationName: 'Clear Lake' });
    expect(place.value).toBe('Clear Lake');
    expect(form.getValues('fishType')).toBe('');
  });

  it('submits a copy of the values and stops the browser submitting the page', async () => {
    const form = start();
    let prevented = false;
    let submitted: unknown = null;
    await form.handleSubmit((values) => {
      submitted = values;
    })({ preventDefault: () => (prevented = true) } as never);
    expect(prevented).toBe(true);
    expect(submitted).toMatchObject({ fishType: 'Pike', weight: '2.5' });
    expect(submitted).not.toBe(form.getValues());
  });
});
