import {
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { unitLabel } from '#core/unit-names.ts';
import { SpeciesInput } from '@/components/species-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useUnits } from '@/features/auth/use-units';
import { toast } from '@/hooks/use-toast';
import { hasFishType } from '../catches/catch-form-values.ts';
import type { FieldErrors } from '../catches/invalid-catch.ts';
import type { PhotoFacts } from '../catches/photo-prep.ts';
import { reverseGeocode } from '../catches/reverse-geocode.ts';
import { useDeviceLocation } from '../catches/use-device-location.ts';
import { type CatchForm, FormField, useWatchedValue } from './catch-form-state.ts';
import { CatchPlaceFields } from './catch-place-fields.tsx';
import { Field, invalidProps } from './field.tsx';

/**
 * The catch form's fields (docs/product.md#log), shared by the Log tab and the edit dialog (docs/product.md#edit): every input,
 * the locate button, and the message under each field the checks refused. The photo has its own field
 * (photo-field.tsx), passed in as `photo`, so each mode brings its own.
 */

const numberInputProps = { type: 'number', step: '0.1', inputMode: 'decimal' } as const;

/** Kept / Released, in the order the buttons show them (decision 043). */
const FATES = [
  { label: 'Kept', released: false },
  { label: 'Released', released: true },
] as const;

/** Where the position comes from and what a locate does (the Log tab also locates when it opens). */
export type LocateMode = 'auto' | 'manual';

/**
 * Gets the position into the form, then tries to name the place. `auto` never overwrites a name the angler
 * typed; `manual` (the locate button) does. `fillFromPhoto` takes a picked photo's time and place when the angler
 * asks for them (docs/decisions/045-photos-prepared-on-the-phone.md); the place name follows that position too.
 */
export function useLocateInto(form: CatchForm) {
  const { setValue, getValues } = form;
  const device = useDeviceLocation();
  const { requestLocation, isSupported } = device;
  // Counts the positions taken from photos: a GPS fix that was asked for before one does not overwrite it.
  const photoPlacements = useRef(0);
  const placeAt = useCallback(
    async (position: { latitude: number; longitude: number }, mode: LocateMode) => {
      setValue('latitude', position.latitude);
      setValue('longitude', position.longitude);
      const name = await reverseGeocode(position.latitude, position.longitude);
      if (name && (mode === 'manual' || getValues('locationName').trim() === '')) {
        setValue('locationName', name);
      }
    },
    [setValue, getValues],
  );
  const locate = useCallback(
    async (mode: LocateMode) => {
      if (!isSupported) {
        toast({
          title: 'Geolocation not supported',
          description: "Your browser doesn't support location services.",
          variant: 'destructive',
        });
        return;
      }
      const placementsBefore = photoPlacements.current;
      const position = await requestLocation();
      if (!position) {
        toast({
          title: 'Location error',
          description: 'Could not get your current location. Please enter manually.',
          variant: 'destructive',
        });
        return;
      }
      if (mode === 'auto' && photoPlacements.current !== placementsBefore) return;
      await placeAt(position, mode);
    },
    [isSupported, requestLocation, placeAt],
  );
  const fillFromPhoto = useCallback(
    (facts: PhotoFacts) => {
      if (facts.takenAt) {
        setValue('catchDate', facts.takenAt.catchDate);
        setValue('timeOfDay', facts.takenAt.timeOfDay);
      }
      if (facts.position) {
        photoPlacements.current += 1;
        void placeAt(facts.position, 'manual');
      }
    },
    [setValue, placeAt],
  );
  return { locate, fillFromPhoto, device };
}

/**
 * The refusals a form shows: set by a check on submit (or by the server, for an entry it refused), and each one
 * cleared as soon as the angler changes that field.
 */
export function useFieldErrors(form: CatchForm, initial: FieldErrors = {}) {
  const [errors, setErrors] = useState<FieldErrors>(initial);
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      // The chosen spot has no field of its own to mark.
      if (!name || name === 'spotId') return;
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _cleared, ...rest } = current;
        return rest;
      });
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return [errors, setErrors] as const;
}

/**
 * Puts focus on the first field a check refused, scrolled to the middle of the screen (a field focused at the
 * screen's edge would sit under the header or the keyboard).
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  focusField(form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null);
}

/** Scrolls `field` to the middle of the screen and focuses it. */
export function focusField(field: HTMLElement | null): void {
  field?.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
}

/**
 * Asks for focus on the first refused field once React has rendered the messages (aria-invalid is set in the same
 * commit as the errors). A requestAnimationFrame guessed that moment and lost the race on a busy phone: the frame
 * came before React's commit, no field was marked yet, and focus stayed on the button.
 */
export function useFocusFirstErrorAfterRender(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) focusFirstError(formRef.current);
  }, [focusRequests, formRef]);
  return useCallback(() => setFocusRequests((count) => count + 1), []);
}

/**
 * The catch form's only required field, a fish type (docs/product.md#log), told where the angler looks: the message under
 * the field, which is scrolled to and focused once the message is on screen, and the 'Fish type required' toast, which goes away
 * by itself as soon as a fish type is typed (a toast left saying 'Fish type required' over a filled field is stale).
 */
export function useFishTypeRequired(
  form: CatchForm,
  setErrors: (errors: FieldErrors) => void,
  formRef: RefObject<HTMLFormElement | null>,
): () => void {
  const shownToast = useRef<{ dismiss: () => void } | null>(null);
  const focusFirstErrorAfterRender = useFocusFirstErrorAfterRender(formRef);

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name !== undefined && (name !== 'fishType' || !hasFishType(values))) return;
      shownToast.current?.dismiss();
      shownToast.current = null;
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return useCallback(() => {
    setErrors({ fishType: 'Fish type required' });
    shownToast.current = toast({
      title: 'Fish type required',
      description: 'Please enter the type of fish you caught.',
      variant: 'destructive',
    });
    focusFirstErrorAfterRender();
  }, [setErrors, focusFirstErrorAfterRender]);
}

export function CatchFormFields({
  form,
  errors,
  setErrors,
  locate,
  isLocating,
  locationError,
  photo,
  remembered,
}: {
  form: CatchForm;
  errors: FieldErrors;
  /** For the checks made as the angler types (the coordinates), beside those made on submit. */
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  locate: (mode: LocateMode) => Promise<void>;
  isLocating: boolean;
  /** The device's location error, shown while the form has no position. */
  locationError: string | null;
  photo: ReactNode;
  /** The Log form's 'Use last' chips (remembered-chips.tsx), under the gear they fill. */
  remembered?: ReactNode;
}) {
  const { register } = form;
  const units = useUnits();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const invalid = (name: keyof FieldErrors) => invalidProps(fieldId(name), errors[name]);
  const field = (name: keyof FieldErrors, label: string) => ({
    id: fieldId(name),
    label,
    error: errors[name],
  });
  /** A field of a side-by-side pair: its message goes under the pair (FieldRow), so the inputs stay level. */
  const paired = (name: keyof FieldErrors, label: string) => ({ id: fieldId(name), label });
  const rowErrors = (...names: (keyof FieldErrors)[]) =>
    names.map((name) => ({ id: fieldId(name), message: errors[name] }));

  return (
    <>
      <Field {...field('fishType', 'Fish Type')} required>
        {/* Suggests the angler's own species, then common sport fish (decision 011); free text stays. */}
        <FormField
          form={form}
          name="fishType"
          render={(input) => (
            <SpeciesInput
              id={fieldId('fishType')}
              aria-required="true"
              placeholder="e.g. Largemouth Bass"
              {...invalid('fishType')}
              {...input}
            />
          )}
        />
      </Field>

      {/* Quantity beside Kept / Released while both fit, the choice under it with large text (decision 040). */}
      <div className="flex flex-wrap items-start gap-3">
        <div className="grid min-w-0 flex-[1_1_6rem]">
          <Field {...field('quantity', 'Quantity')}>
            <Input
              id={fieldId('quantity')}
              type="number"
              inputMode="numeric"
              step="1"
              min="1"
              {...invalid('quantity')}
              {...register('quantity')}
            />
          </Field>
        </div>
        <ReleasedChoice form={form} id={fieldId('released')} error={errors.released} />
      </div>

      <FieldRow errors={rowErrors('weight', 'length')}>
        <Field {...paired('weight', `Weight (${unitLabel('weight', units)})`)}>
          <Input
            id={fieldId('weight')}
            min="0"
            placeholder="0.0"
            {...numberInputProps}
            {...invalid('weight')}
            {...register('weight')}
          />
        </Field>
        <Field {...paired('length', `Length (${unitLabel('length', units)})`)}>
          <Input
            id={fieldId('length')}
            min="0"
            placeholder="0.0"
            {...numberInputProps}
            {...invalid('length')}
            {...register('length')}
          />
        </Field>
      </FieldRow>

      <CatchPlaceFields
        form={form}
        errors={errors}
        setErrors={setErrors}
        fieldId={fieldId}
        locate={locate}
        isLocating={isLocating}
        locationError={locationError}
      />

      {/* Stacked on phones: a native date input with its picker icon needs more than half of 390 px. */}
      <FieldRow stackOnPhones errors={rowErrors('catchDate', 'timeOfDay')}>
        <Field {...paired('catchDate', 'Catch Date')}>
          <Input id={fieldId('catchDate')} type="date" {...invalid('catchDate')} {...register('catchDate')} />
        </Field>
        <Field {...paired('timeOfDay', 'Time of Day')}>
          <Input id={fieldId('timeOfDay')} type="time" {...invalid('timeOfDay')} {...register('timeOfDay')} />
        </Field>
      </FieldRow>

      <FieldRow errors={rowErrors('waterTemperature', 'depth')}>
        <Field {...paired('waterTemperature', `Water Temperature (${unitLabel('waterTemperature', units)})`)}>
          <Input
            id={fieldId('waterTemperature')}
            placeholder="0.0"
            {...numberInputProps}
            {...invalid('waterTemperature')}
            {...register('waterTemperature')}
          />
        </Field>
        <Field {...paired('depth', `Depth (${unitLabel('depth', units)})`)}>
          <Input
            id={fieldId('depth')}
            min="0"
            placeholder="0.0"
            {...numberInputProps}
            {...invalid('depth')}
            {...register('depth')}
          />
        </Field>
      </FieldRow>

      <FieldRow errors={rowErrors('lineSize', 'baitUsed')}>
        <Field {...paired('lineSize', 'Line Size')}>
          <Input
            id={fieldId('lineSize')}
            placeholder="e.g. 10 lb"
            {...invalid('lineSize')}
            {...register('lineSize')}
          />
        </Field>
        <Field {...paired('baitUsed', 'Bait Used')}>
          <Input
            id={fieldId('baitUsed')}
            placeholder="e.g. Nightcrawler"
            {...invalid('baitUsed')}
            {...register('baitUsed')}
          />
        </Field>
      </FieldRow>

      {remembered}

      <Field {...field('notes', 'Notes')}>
        <Textarea
          id={fieldId('notes')}
          rows={3}
          placeholder="Weather, technique, anything worth remembering"
          {...invalid('notes')}
          {...register('notes')}
        />
      </Field>

      {photo}
    </>
  );
}

/**
 * Whether the fish was kept or released (decision 043): two toggle buttons, neither pressed until the angler says
 * (null is "not said", which counts in no share). Pressing the chosen one again takes the answer back.
 */
function ReleasedChoice({ form, id, error }: { form: CatchForm; id: string; error?: string }) {
  const released = useWatchedValue(form, 'released');
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0 flex-[2_1_12rem]">
      <legend className="mb-1.5 text-sm font-medium leading-none text-foreground">Kept or released</legend>
      <div className="grid grid-fit-24 gap-2">
        {FATES.map((fate) => {
          const chosen = released === fate.released;
          return (
            <Button
              key={fate.label}
              variant={chosen ? 'default' : 'outline'}
              aria-pressed={chosen}
              // Narrow padding: 'Released' fits a third of a 390 px screen on one line.
              className="px-2"
              onClick={() => form.setValue('released', chosen ? null : fate.released)}
            >
              {fate.label}
            </Button>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Two fields side by side, inputs level (a label may wrap onto a second line: 'Water Temperature (°F)'), and their
 * messages under the pair, each linked from its input by id.
 */
function FieldRow({
  children,
  errors,
  stackOnPhones = false,
}: {
  children: ReactNode;
  errors: { id: string; message: string | undefined }[];
  stackOnPhones?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className={`grid items-end gap-3 ${stackOnPhones ? 'grid-cols-1 sm:grid-cols-2' : 'grid-fit-32'}`}>
        {children}
      </div>
      {errors.map(({ id, message }) =>
        message ? (
          <p key={id} id={`${id}-error`} className="text-sm font-medium text-destructive">
            {message}
          </p>
        ) : null,
      )}
    </div>
  );
}
