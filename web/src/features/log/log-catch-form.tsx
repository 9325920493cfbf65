import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '@/api/http';
import { ErrorBoundary } from '@/components/error-boundary';
import { CheckCircle2 } from '@/components/shell-icons';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/use-auth';
import { useUnits } from '@/features/auth/use-units';
import { useAction } from '@/hooks/use-action';
import { toast } from '@/hooks/use-toast';
import { loadWhenOnline } from '@/lib/load-when-online';
import { OnDemand, onDemand } from '@/lib/on-demand';
import { loadOfflineRuntime } from '@/offline/load-offline-runtime';
import {
  type CatchFormValues,
  emptyCatchForm,
  hasFishType,
  nowDateTime,
} from '../catches/catch-form-values.ts';
import { InvalidCatchError } from '../catches/invalid-catch.ts';
import { useAfterPaint } from '../history/use-after-paint.ts';
import {
  CatchFormFields,
  useFieldErrors,
  useFishTypeRequired,
  useFocusFirstErrorAfterRender,
  useLocateInto,
} from './catch-form-fields.tsx';
import { useCatchForm } from './catch-form-state.ts';
import { QuickCatchButton } from './quick-catch-button.tsx';
import { RecordQuestionPanel, useRecordQuestion } from './record-question.tsx';

// The trip card is a chunk of its own, fetched once the form has been painted: the Log tab is the shell's first
// screen, whose first load is on a budget (decision 023). A card of its height holds its place meanwhile.
// A visit that loses the network in its first seconds gets it once the network is back (lib/load-when-online.ts).
const tripBar = onDemand(
  () => loadWhenOnline(() => import('../trips/trip-bar.tsx')).then((m) => m.TripBar),
  <Card className="mb-4 min-h-[4.875rem]" aria-hidden="true" />,
);

// The quick catch's steps and the 'Use last' chips: not on the Log tab's first screen, so not in its first load
// (the shell's JS budget, decision 023); both are asked for once the form has painted. Like the trip card, a load
// cut off by the network in a first visit's first seconds waits for the network instead of failing the Log tab.
const quickCatch = onDemand(
  () => loadWhenOnline(() => import('./quick-catch.tsx')).then((m) => m.QuickCatch),
  <div className="flex justify-center p-6">
    <Spinner />
  </div>,
);
// The photo field is the form's last, below its first screen: it comes once the form has painted too, a box of its
// height holding its place meanwhile. The save takes the picked photo from it (so its code is here by then).
const photoPicker = onDemand(
  () => loadWhenOnline(() => import('./photo-field.tsx')).then((m) => m.PhotoField),
  <div className="min-h-[5.5rem]" aria-hidden="true" />,
);
const rememberedChips = onDemand(() =>
  loadWhenOnline(() => import('./remembered-chips.tsx')).then((m) => m.RememberedChips),
);

function DeferredTripBar() {
  const painted = useAfterPaint(true, false);
  if (!painted) return tripBar.fallback;
  return (
    // A trip card that cannot load leaves the form usable.
    <ErrorBoundary what="the trip">
      <OnDemand source={tripBar} props={{}} />
    </ErrorBoundary>
  );
}

const pickMoment = ({ catchDate, timeOfDay }: CatchFormValues) => ({ catchDate, timeOfDay });

/** docs/product.md#constants: how long 'Catch Logged!' replaces the form. */
export const SUCCESS_CARD_MS = 3000;

/**
 * The Log tab (docs/product.md#log): log one catch, with GPS, an optional photo and the fishing conditions.
 * `focusRequest` grows each time another screen sends the angler here to start a catch: the fish type gets focus.
 */
export function LogCatchForm({ focusRequest = 0 }: { focusRequest?: number }) {
  const { user } = useAuth();
  const units = useUnits();
  const form = useCatchForm(emptyCatchForm());
  const { handleSubmit, getValues, reset } = form;
  // The date and time the form was given (when it opened, or was emptied after a save).
  const givenMoment = useRef<Pick<CatchFormValues, 'catchDate' | 'timeOfDay'> | null>(null);
  givenMoment.current ??= pickMoment(getValues());
  const [photo, setPhoto] = useState<File | null>(null);
  const [showSuccess, setShowSuccess] = useState(false);
  /** The Quick catch's steps show instead of the whole form (quick-catch.tsx): the same form state and save. */
  const [quick, setQuick] = useState(false);
  // The quick catch's steps are fetched once the form has painted, so the tap opens them at once; the photo field
  // is drawn from then on.
  const painted = useAfterPaint(true, false);
  useEffect(() => {
    if (painted) quickCatch.preload().catch(() => {});
  }, [painted]);
  /** The last catch was saved with no connection: the card says where it waits. */
  const [savedOffline, setSavedOffline] = useState(false);
  const [errors, setErrors] = useFieldErrors(form);
  const formRef = useRef<HTMLFormElement>(null);
  const { locate, fillFromPhoto, device } = useLocateInto(form);
  const refuseBlankFishType = useFishTypeRequired(form, setErrors, formRef);
  const focusFirstErrorAfterRender = useFocusFirstErrorAfterRender(formRef);
  const records = useRecordQuestion(form);

  useEffect(() => {
    if (focusRequest === 0) return;
    const fishType = formRef.current?.elements.namedItem('fishType');
    if (fishType instanceof HTMLElement) fishType.focus();
  }, [focusRequest]);

  // docs/product.md#location: the position is fetched as soon as the form opens.
  useEffect(() => {
    void locate('auto');
  }, [locate]);

  useEffect(() => {
    if (!showSuccess) return;
    const timer = setTimeout(() => setShowSuccess(false), SUCCESS_CARD_MS);
    return () => clearTimeout(timer);
  }, [showSuccess]);

  // Decision 004: saving puts the catch (photo included) into the phone's outbox; 'Catch Logged!' means it is
  // kept there, checked with the catch contract first (decision 021), so the server will take it. The sync engine
  // sends it now or whenever the network comes back; History marks it until then.
  // It only writes to IndexedDB, so it runs offline too.
  const save = useAction({
    run: async ({
      values,
      file,
      clientId,
    }: {
      values: CatchFormValues;
      file: File | null;
      clientId: string;
    }) => {
      if (!user) throw new Error('You must be logged in to save catches');
      // The check, the outbox code and the save's own steps load at the first save, not with the form (decision
      // 023: the Log tab is the first screen); offline they come from the service worker's precache, or main.tsx's
      // warm-up without one.
      const [offline, { saveLoggedCatch }] = await Promise.all([
        loadOfflineRuntime(),
        import('../catches/save-catch.ts'),
      ]);
      return saveLoggedCatch(offline, values, file, { userId: user.id, clientId, units });
    },
    onSuccess: () => {
      const current = getValues();
      const next = emptyCatchForm({
        locationName: current.locationName,
        latitude: current.latitude,
        longitude: current.longitude,
      });
      reset(next);
      givenMoment.current = pickMoment(next);
      setPhoto(null);
      setQuick(false);
      setSavedOffline(!navigator.onLine);
      setShowSuccess(true);
    },
    onError: (error) => {
      // The form stays filled either way.
      if (error instanceof InvalidCatchError) {
        // The whole form, where every refused field is.
        setQuick(false);
        setErrors(error.fieldErrors);
        // After the messages render, so the phone scrolls to the first one.
        focusFirstErrorAfterRender();
        return;
      }
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

  // One tap, one catch (once, two taps in the same instant saved two). `save.isPending` and the disabled button
  // only change at the next render, and handleSubmit validates asynchronously, so a second tap in the same task
  // got through. The submission in progress is claimed synchronously, before any await, with its own clientId (the
  // server's idempotency key): a repeat could only ever resend the same catch.
  const submission = useRef<string | null>(null);
  const release = () => {
    submission.current = null;
  };
  const submitValid = async (values: CatchFormValues) => {
    setErrors({});
    if (!hasFishType(values)) {
      release();
      refuseBlankFishType();
      return;
    }
    // A 10 lb bluegill: "Are you sure?" first (never a refusal: 'Save anyway' submits again).
    if (await records.mustAsk(values, units)) {
      release();
      return;
    }
    // A date and time the angler left as the form gave them mean "now": the form may have sat open for an hour, and
    // the server links a catch to the trip of its moment (docs/decisions/043-trips-and-spots.md).
    const given = givenMoment.current;
    const untouched = given?.catchDate === values.catchDate && given.timeOfDay === values.timeOfDay;
    save.mutate(
      {
        values: untouched ? { ...values, ...nowDateTime() } : values,
        file: photo,
        clientId: submission.current ?? crypto.randomUUID(),
      },
      { onSettled: release },
    );
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submission.current !== null) return;
    submission.current = crypto.randomUUID();
    handleSubmit(submitValid, release)(event).catch(release);
  };

  const photoId = useId();
  const photoField = painted ? (
    <OnDemand
      source={photoPicker}
      props={{ id: photoId, photo, onChange: setPhoto, onUseFacts: fillFromPhoto }}
    />
  ) : (
    photoPicker.fallback
  );

  return (
    <>
      <DeferredTripBar />
      {showSuccess ? (
        <Card role="status" className="border-success/40">
          <CardHeader className="items-center py-10 text-center">
            <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
            <CardTitle>Catch Logged!</CardTitle>
            <CardDescription>
              Your catch has been saved to your log.
              {savedOffline
                ? " You're offline: it is kept on this phone and syncs by itself when you're back online."
                : null}
            </CardDescription>
          </CardHeader>
        </Card>
      ) : null}

      {/* Hidden rather than unmounted during the success card, so GPS and the form's state survive. */}
      <Card hidden={showSuccess}>
        {quick ? (
          <OnDemand
            source={quickCatch}
            props={{
              form,
              formRef,
              onSubmit,
              photo: photoField,
              hasPhoto: photo !== null,
              fishTypeError: errors.fishType,
              saving: save.isPending,
              onCancel: () => setQuick(false),
              children: <RecordQuestionPanel record={records} formRef={formRef} />,
            }}
          />
        ) : (
          <>
            <CardHeader>
              <CardTitle>Log a Catch</CardTitle>
              <CardDescription>Record what you caught, where and how.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                ref={formRef}
                noValidate
                onSubmit={onSubmit}
                className="flex flex-col gap-4"
                aria-label="Log a catch"
              >
                <CatchFormFields
                  form={form}
                  errors={errors}
                  setErrors={setErrors}
                  locate={locate}
                  isLocating={device.isLocating}
                  locationError={device.errorMessage}
                  photo={photoField}
                  remembered={<OnDemand source={rememberedChips} props={{ form }} />}
                />

                <RecordQuestionPanel record={records} formRef={formRef} />

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
          </>
        )}
      </Card>
      {quick || showSuccess ? null : <QuickCatchButton onClick={() => setQuick(true)} />}
    </>
  );
}
