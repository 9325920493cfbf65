import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { SpeciesCombobox } from '@/components/species-combobox';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { type CatchForm, FormField } from './catch-form-state.ts';
import { Field, invalidProps } from './field.tsx';

/**
 * A catch in three taps (docs/decisions/046-quick-capture.md): the photo first ('Take photo', or 'Skip photo'), then
 * the species (the last one logged offered first), then 'Save'. The Log form's own state, photo control and save:
 * the time, position, spot, trip and conditions come as for any catch. `photo` is the Log form's photo control.
 */
export function QuickCatch({
  form,
  formRef,
  onSubmit,
  photo,
  hasPhoto,
  fishTypeError,
  saving,
  onCancel,
  children,
}: {
  form: CatchForm;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  photo: ReactNode;
  hasPhoto: boolean;
  fishTypeError?: string;
  saving: boolean;
  onCancel: () => void;
  /** What the save may ask on the way (a record's "Are you sure?"). */
  children?: ReactNode;
}) {
  const [step, setStep] = useState<'photo' | 'species'>('photo');
  const fishTypeId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Each step starts where the angler acts: the heading (read first) for the photo, the field for the species.
  useEffect(() => {
    if (step === 'photo') titleRef.current?.focus();
    else document.getElementById(fishTypeId)?.focus();
  }, [step, fishTypeId]);

  return (
    <>
      <CardHeader>
        <CardTitle ref={titleRef} tabIndex={-1} className="outline-none">
          Quick catch
        </CardTitle>
        <CardDescription>
          {step === 'photo' ? 'Step 1 of 2: a photo.' : 'Step 2 of 2: the species.'} Time and place are added
          for you.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
          aria-label="Quick catch"
        >
          {step === 'photo' ? (
            <>
              {photo}
              <Button
                variant={hasPhoto ? 'default' : 'outline'}
                className="min-h-14 w-full text-base"
                onClick={() => setStep('species')}
              >
                {hasPhoto ? 'Next' : 'Skip photo'}
              </Button>
            </>
          ) : (
            <>
              <Field id={fishTypeId} label="Fish Type" required error={fishTypeError}>
                <FormField
                  form={form}
                  name="fishType"
                  render={(input) => (
                    <SpeciesCombobox
                      id={fishTypeId}
                      lastFirst
                      aria-required="true"
                      placeholder="e.g. Largemouth Bass"
                      {...invalidProps(fishTypeId, fishTypeError)}
                      {...input}
                    />
                  )}
                />
              </Field>
              {children}
              <Button type="submit" className="min-h-14 w-full text-base" disabled={saving}>
                {saving ? (
                  <>
                    <Spinner />
                    Saving Catch...
                  </>
                ) : (
                  'Save'
                )}
              </Button>
              <Button variant="outline" onClick={() => setStep('photo')}>
                Back
              </Button>
            </>
          )}
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </form>
      </CardContent>
    </>
  );
}
