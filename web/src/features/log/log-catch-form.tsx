import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Crosshair } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { unitLabel } from '#core/units.ts';
import { errorMessage } from '@/api/http';
import { SpeciesInput } from '@/components/species-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/auth/use-auth';
import { toast } from '@/hooks/use-toast';
import { useUnits } from '@/hooks/use-units';
import { loadOfflineRuntime } from '@/offline/load-offline-runtime';
import { type CatchFormValues, emptyCatchForm, hasFishType } from '../catches/catch-payload.ts';
import { reverseGeocode } from '../catches/reverse-geocode.ts';
import { saveCatch } from '../catches/save-catch.ts';
import { useDeviceLocation } from '../catches/use-device-location.ts';
import { PhotoField } from './photo-field.tsx';

/** SPEC §9: how long 'Catch Logged!' replaces the form. */
export const SUCCESS_CARD_MS = 3000;

const numberInputProps = { type: 'number', step: '0.1', inputMode: 'decimal' } as const;

/** The Log tab (SPEC §2, §4): log one catch, with GPS, an optional photo and the fishing conditions. */
export function LogCatchForm() {
  const { user } = useAuth();
  const units = useUnits();
  const form = useForm<CatchFormValues>({ defaultValues: emptyCatchForm() });
  const { register, handleSubmit, setValue, getValues, reset, control } = form;
  const [photo, setPhoto] = useState<File | null>(null);
  const [showSuccess, setShowSuccess] = useState(false);
  const device = useDeviceLocation();
  const { requestLocation, isSupported } = device;

  const latitude = useWatch({ control, name: 'latitude' });
  const longitude = useWatch({ control, name: 'longitude' });

  /** Gets the position, then tries to name the place. `auto` never overwrites a name the angler typed. */
  const locate = useCallback(
    async (mode: 'auto' | 'manual') => {
      if (!isSupported) {
        toast({
          title: 'Geolocation not supported',
          description: "Your browser doesn't support location services.",
          variant: 'destructive',
        });
        return;
      }
      const position = await requestLocation();
      if (!position) {
        toast({
          title: 'Location error',
          description: 'Could not get your current location. Please enter manually.',
          variant: 'destructive',
        });
        return;
      }
      setValue('latitude', position.latitude);
      setValue('longitude', position.longitude);
      const name = await reverseGeocode(position.latitude, position.longitude);
      if (name && (mode === 'manual' || getValues('locationName').trim() === '')) {
        setValue('locationName', name);
      }
    },
    [isSupported, requestLocation, setValue, getValues],
  );

  // SPEC §4: the position is fetched as soon as the form opens.
  useEffect(() => {
    void locate('auto');
  }, [locate]);

  useEffect(() => {
    if (!showSuccess) return;
    const timer = setTimeout(() => setShowSuccess(false), SUCCESS_CARD_MS);
    return () => clearTimeout(timer);
  }, [showSuccess]);

  // DESIGN §5: saving puts the catch (photo included) into the phone's outbox; 'Catch Logged!' means it is
  // kept there. The sync engine sends it now or whenever the network comes back; History marks it until then.
  const save = useMutation({
    // The save only writes to IndexedDB: it must run offline too (the default 'online' mode would pause it).
    networkMode: 'always',
    mutationFn: async ({
      values,
      file,
      clientId,
    }: {
      values: CatchFormValues;
      file: File | null;
      clientId: string;
    }) => {
      if (!user) throw new Error('You must be logged in to save catches');
      const offline = await loadOfflineRuntime();
      const entry = await saveCatch(values, file, {
        outbox: offline.outbox,
        userId: user.id,
        clientId,
        units,
      });
      // So the browser does not evict the outbox under storage pressure (asked at the first save).
      void offline.requestPersistentStorage();
      offline.requestFlush();
      return entry;
    },
    onSuccess: () => {
      const current = getValues();
      reset(
        emptyCatchForm({
          locationName: current.locationName,
          latitude: current.latitude,
          longitude: current.longitude,
        }),
      );
      setPhoto(null);
      setShowSuccess(true);
    },
    onError: (error) => {
      // The form stays filled either way.
      if (error instanceof Error && error.name === 'StorageFullError') {
        toast({ title: 'Storage full', description: error.message, variant: 'destructive' });
        return;
      }
      toast({
        title: 'Error saving catch',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
  });

  // One tap, one catch (issue 9: two taps in the same instant saved two). `save.isPending` and the disabled button
  // only change at the next render, and handleSubmit validates asynchronously, so a second tap in the same task
  // got through. The submission in progress is claimed synchronously, before any await, with its own clientId (the
  // server's idempotency key): a repeat could only ever resend the same catch.
  const submission = useRef<string | null>(null);
  const release = () => {
    submission.current = null;
  };
  const submitValid = (values: CatchFormValues) => {
    if (!hasFishType(values)) {
      release();
      toast({
        title: 'Fish type required',
        description: 'Please enter the type of fish you caught.',
        variant: 'destructive',
      });
      return;
    }
    save.mutate(
      { values, file: photo, clientId: submission.current ?? crypto.randomUUID() },
      { onSettled: release },
    );
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submission.current !== null) return;
    submission.current = crypto.randomUUID();
    handleSubmit(submitValid, release)(event).catch(release);
  };

  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <>
      {showSuccess ? (
        <Card role="status" className="border-success/40">
          <CardHeader className="items-center py-10 text-center">
            <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
            <CardTitle>Catch Logged!</CardTitle>
            <CardDescription>Your catch has been saved to your log.</CardDescription>
          </CardHeader>
        </Card>
      ) : null}

      {/* Hidden rather than unmounted during the success card, so GPS and the form's state survive. */}
      <Card hidden={showSuccess}>
        <CardHeader>
          <CardTitle>Log a Catch</CardTitle>
          <CardDescription>Record what you caught, where and how.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log a catch">
            <Field id={fieldId('fishType')} label="Fish Type" required>
              {/* Suggests the angler's own species, then common sport fish (issue 12 item 5); free text stays. */}
              <Controller
                control={control}
                name="fishType"
                render={({ field }) => (
                  <SpeciesInput
                    id={fieldId('fishType')}
                    aria-required="true"
                    placeholder="e.g. Largemouth Bass"
                    {...field}
                  />
                )}
              />
            </Field>

            <div className="grid grid-cols-2 items-end gap-3">
              <Field id={fieldId('weight')} label={`Weight (${unitLabel('weight', units)})`}>
                <Input
                  id={fieldId('weight')}
                  min="0"
                  placeholder="0.0"
                  {...numberInputProps}
                  {...register('weight')}
                />
              </Field>
              <Field id={fieldId('length')} label={`Length (${unitLabel('length', units)})`}>
                <Input
                  id={fieldId('length')}
                  min="0"
                  placeholder="0.0"
                  {...numberInputProps}
                  {...register('length')}
                />
              </Field>
            </div>

            <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
              <legend className="px-1 text-sm font-medium">Location</legend>
              <Field id={fieldId('locationName')} label="Location Name">
                <div className="flex gap-2">
                  <Input
                    id={fieldId('locationName')}
                    autoComplete="off"
                    placeholder="Lake, river or spot"
                    {...register('locationName')}
                  />
                  <Button
                    variant="outline"
                    size="icon"
                    className="shrink-0"
                    aria-label="Get current location"
                    title="Get current location"
                    disabled={device.isLocating}
                    onClick={() => void locate('manual')}
                  >
                    {device.isLocating ? <Spinner /> : <Crosshair aria-hidden="true" />}
                  </Button>
                </div>
              </Field>
              <div className="grid grid-cols-2 items-end gap-3">
                <Field id={fieldId('latitude')} label="Latitude">
                  <Input
                    id={fieldId('latitude')}
                    readOnly
                    tabIndex={-1}
                    className="bg-muted"
                    placeholder="From GPS"
                    value={latitude === null ? '' : latitude.toFixed(6)}
                  />
                </Field>
                <Field id={fieldId('longitude')} label="Longitude">
                  <Input
                    id={fieldId('longitude')}
                    readOnly
                    tabIndex={-1}
                    className="bg-muted"
                    placeholder="From GPS"
                    value={longitude === null ? '' : longitude.toFixed(6)}
                  />
                </Field>
              </div>
              {device.errorMessage && latitude === null ? (
                <p className="text-sm text-muted-foreground">{device.errorMessage}</p>
              ) : null}
            </fieldset>

            {/* Stacked on phones: a native date input with its picker icon needs more than half of 390 px. */}
            <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2">
              <Field id={fieldId('catchDate')} label="Catch Date">
                <Input id={fieldId('catchDate')} type="date" {...register('catchDate')} />
              </Field>
              <Field id={fieldId('timeOfDay')} label="Time of Day">
                <Input id={fieldId('timeOfDay')} type="time" {...register('timeOfDay')} />
              </Field>
            </div>

            <div className="grid grid-cols-2 items-end gap-3">
              <Field
                id={fieldId('waterTemperature')}
                label={`Water Temperature (${unitLabel('waterTemperature', units)})`}
              >
                <Input
                  id={fieldId('waterTemperature')}
                  placeholder="0.0"
                  {...numberInputProps}
                  {...register('waterTemperature')}
                />
              </Field>
              <Field id={fieldId('depth')} label={`Depth (${unitLabel('depth', units)})`}>
                <Input
                  id={fieldId('depth')}
                  min="0"
                  placeholder="0.0"
                  {...numberInputProps}
                  {...register('depth')}
                />
              </Field>
            </div>

            <div className="grid grid-cols-2 items-end gap-3">
              <Field id={fieldId('lineSize')} label="Line Size">
                <Input id={fieldId('lineSize')} placeholder="e.g. 10 lb" {...register('lineSize')} />
              </Field>
              <Field id={fieldId('baitUsed')} label="Bait Used">
                <Input id={fieldId('baitUsed')} placeholder="e.g. Nightcrawler" {...register('baitUsed')} />
              </Field>
            </div>

            <Field id={fieldId('notes')} label="Notes">
              <Textarea
                id={fieldId('notes')}
                rows={3}
                placeholder="Weather, technique, anything worth remembering"
                {...register('notes')}
              />
            </Field>

            <PhotoField id={fieldId('photo')} photo={photo} onChange={setPhoto} />

            <Button type="submit" className="h-12 w-full text-base" disabled={save.isPending}>
              {save.isPending ? (
                <>
                  <Spinner />
                  Saving Catch...
                </>
              ) : (
                'Log Catch'
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
    </>
  );
}

function Field({
  id,
  label,
  required = false,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        ) : null}
      </Label>
      {children}
    </div>
  );
}
