import { useMutation } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useUnits } from '@/features/auth/use-units';
import { toast } from '@/hooks/use-toast';
import type { CatchEdit } from '@/offline/outbox-actions';
import { assertValidCatch, type FieldErrors, InvalidCatchError } from '../catches/catch-check.ts';
import {
  buildCatchChanges,
  type CatchFormValues,
  catchFormValues,
  hasFishType,
} from '../catches/catch-payload.ts';
import {
  CatchFormFields,
  focusFirstError,
  useFieldErrors,
  useFishTypeRequired,
  useFocusFirstErrorAfterRender,
  useLocateInto,
} from '../log/catch-form-fields.tsx';
import { useCatchForm, useWatchedValue } from '../log/catch-form-state.ts';
import { PhotoField, photoToKeep } from '../log/photo-field.tsx';
import { RecordQuestionPanel, useRecordQuestion } from '../log/record-question.tsx';
import { SpotSelect } from '../spots/spot-select.tsx';
import type { ShownSpot } from '../spots/spots-merge.ts';
import { TripSelect } from '../trips/trip-select.tsx';
import { useTrips } from '../trips/use-trips.ts';
import { CatchThumbnail } from './catch-photo.tsx';
import type { PendingSync } from './history-merge.ts';

/**
 * Editing a catch (docs/product.md#edit, decision 021): the Log form in an edit mode, every field pre-filled with the catch as History shows
 * it (its waiting edits included), the photo replaceable or removable. Only the fields the angler changed are
 * sent. Saving checks the change with the catch contract, then puts it into the phone's outbox (`saveEdit`), so it
 * works offline and History shows it at once. A catch the server refused opens with the server's reasons marked.
 */
export function EditCatchDialog({
  item,
  spots,
  sync,
  saveEdit,
  onClose,
  onCloseAutoFocus,
}: {
  item: Catch | null;
  /** The spots the catch can be linked to (decision 043). */
  spots: readonly ShownSpot[];
  /** How the catch stands with the server: a refused one carries the reasons to mark. */
  sync: PendingSync | undefined;
  saveEdit: (item: Catch, edit: CatchEdit) => Promise<void>;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {item ? (
        <EditCatchContent
          key={item.id}
          item={item}
          spots={spots}
          sync={sync}
          saveEdit={saveEdit}
          onDone={onClose}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </Dialog>
  );
}

/** The server's reasons as the form marks them (its field names are the form's). */
function refusedFields(sync: PendingSync | undefined): FieldErrors {
  return sync?.state === 'failed' ? (sync.fieldErrors as FieldErrors) : {};
}

function EditCatchContent({
  item,
  spots,
  sync,
  saveEdit,
  onDone,
  onCloseAutoFocus,
}: {
  item: Catch;
  spots: readonly ShownSpot[];
  sync: PendingSync | undefined;
  saveEdit: (item: Catch, edit: CatchEdit) => Promise<void>;
  onDone: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const units = useUnits();
  // The spot is held by the form: 'Pick a spot' in the place fields and the Spot select both set it.
  const [initial] = useState(() => ({ ...catchFormValues(item, units), spotId: item.spotId }));
  const form = useCatchForm(initial);
  const [errors, setErrors] = useFieldErrors(form, refusedFields(sync));
  const { locate, fillFromPhoto, device } = useLocateInto(form);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoRemoved, setPhotoRemoved] = useState(false);
  const spotId = useWatchedValue(form, 'spotId') ?? null;
  const [tripId, setTripId] = useState(item.tripId);
  const { trips } = useTrips();
  const formRef = useRef<HTMLFormElement>(null);
  const refuseBlankFishType = useFishTypeRequired(form, setErrors, formRef);
  const focusFirstErrorAfterRender = useFocusFirstErrorAfterRender(formRef);
  const records = useRecordQuestion(form);
  const photoId = useId();
  const refused = sync?.state === 'failed';
  // A refusal the form cannot point at (a full account, say) is said above the fields.
  const generalRefusal = refused && Object.keys(refusedFields(sync)).length === 0 ? sync.lastError : null;

  const save = useMutation({
    // Queuing the edit only writes to IndexedDB: it must run offline too.
    networkMode: 'always',
    mutationFn: async (values: CatchFormValues) => {
      const changes = buildCatchChanges(values, initial, units);
      if (tripId !== item.tripId) changes.tripId = tripId;
      const edit: CatchEdit = { changes };
      if (photo) edit.photo = await photoToKeep(photo);
      else if (photoRemoved && item.photo) edit.photo = 'remove';
      const nothingChanged = Object.keys(changes).length === 0 && edit.photo === undefined;
      // Saving a refused catch unchanged still sends it again (as Retry would).
      if (nothingChanged && !refused) return false;
      // A catch not yet created is checked whole (it is sent as one create); an edit, by what it changes.
      const createsWhole = sync?.kind === 'create';
      await assertValidCatch(
        createsWhole ? 'create' : 'update',
        createsWhole ? { ...item, ...changes, photo: null } : changes,
        units,
      );
      await saveEdit(item, edit);
      return true;
    },
    onSuccess: (changed) => {
      if (changed) toast({ title: 'Catch updated', description: 'Your changes have been saved.' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof InvalidCatchError) {
        setErrors(error.fieldErrors);
        focusFirstErrorAfterRender();
        return;
      }
      toast({
        title: 'Error saving catch',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    void form.handleSubmit(async (values) => {
      setErrors({});
      if (!hasFishType(values)) {
        refuseBlankFishType();
        return;
      }
      // "Are you sure?" for a measurement beyond the record, when the species or a measurement was changed.
      const measured = (['fishType', 'weight', 'length'] as const).some(
        (field) => values[field] !== initial[field],
      );
      if (measured && (await records.mustAsk(values, units))) return;
      save.mutate(values);
    })(event);
  };

  const showsCurrentPhoto = item.photo !== null && !photoRemoved;

  return (
    <DialogContent
      onCloseAutoFocus={onCloseAutoFocus}
      // Not into the first input: on a phone that pops up the keyboard over the form (and selects the fish type).
      // A refused catch goes straight to the first field to fix.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        if (refused) focusFirstError(formRef.current);
        if (!formRef.current?.contains(document.activeElement)) (event.currentTarget as HTMLElement).focus();
      }}
      className="max-w-xl"
    >
      <DialogHeader>
        <DialogTitle>Edit Catch</DialogTitle>
        <DialogDescription>
          {refused ? 'The server refused this catch: fix what is marked and save to send it again.' : null}
          {refused ? null : 'Change anything and save. It syncs by itself, also after being offline.'}
        </DialogDescription>
      </DialogHeader>
      {generalRefusal ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {generalRefusal}
        </p>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Edit catch"
      >
        <CatchFormFields
          form={form}
          errors={errors}
          setErrors={setErrors}
          locate={locate}
          isLocating={device.isLocating}
          locationError={device.errorMessage}
          photo={
            <PhotoField
              id={photoId}
              photo={photo}
              onChange={setPhoto}
              onUseFacts={fillFromPhoto}
              error={errors.photo}
              current={showsCurrentPhoto ? <CatchThumbnail item={item} className="h-56 w-full" /> : null}
              onRemoveCurrent={() => setPhotoRemoved(true)}
            />
          }
        />
        <SpotSelect
          spots={spots}
          latitude={item.latitude}
          longitude={item.longitude}
          value={spotId}
          onChange={(chosen) => form.setValue('spotId', chosen)}
        />
        <TripSelect trips={trips} value={tripId} onChange={setTripId} />
        <RecordQuestionPanel record={records} formRef={formRef} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" className="h-12 sm:h-11" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" className="h-12 sm:h-11" disabled={save.isPending}>
            {save.isPending ? (
              <>
                <Spinner />
                Saving...
              </>
            ) : (
              'Save'
            )}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
