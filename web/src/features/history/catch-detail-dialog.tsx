import { Calendar, FlaskConical, Map as MapIcon, MapPin, MapPinned, NotebookPen, Pencil } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import { formatFigure, formatQuantity } from '#core/units.ts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useUnits } from '@/features/auth/use-units';
import { formatClockTime } from '@/lib/clock-time';
import {
  catchName,
  formatCatchDate,
  formatCoordinates,
  formatLength,
  formatTimestamp,
  formatWeight,
} from '../catches/catch-format.ts';
import { ShareCatchButton } from '../share/share-catch-button.tsx';
import { DaysLikeThisButton } from '../similar-days/days-like-this-button.tsx';
import { SaveSpotDialog } from '../spots/save-spot-dialog.tsx';
import { SpotLine } from './catch-card.tsx';
import { CatchConditionsBlock } from './catch-conditions-block.tsx';
import { CatchDetailPhoto } from './catch-detail-photo.tsx';
import { CatchLocationDrawer } from './catch-location-drawer.tsx';
import { Detail, DetailList } from './detail-list.tsx';
import { ReleasedBadge } from './released-badge.tsx';

/**
 * The detail view of one catch (docs/product.md#catch-details): photo, size, fishing details, the conditions it was
 * caught in, location (with map drawer and 'Save this place as a spot'), the spot it is linked to, notes, whether
 * the fish was released (decision 043), and
 * whether it is a sample saved from a test page.
 */
export function CatchDetailDialog({
  item,
  spotName,
  onClose,
  onEdit,
  linkCatch,
  onCloseAutoFocus,
}: {
  item: Catch | null;
  /** The name of the spot the catch is linked to (decision 043). */
  spotName?: string;
  onClose: () => void;
  /** Sets the catch's spot; without it, no 'Save this place as a spot'. */
  linkCatch?: (item: Catch, spotId: number) => Promise<void>;
  /** Opens the edit form for this catch (docs/product.md#edit); the details close first. */
  onEdit?: (item: Catch) => void;
  /** Where focus goes on close: without a Dialog.Trigger, Radix would leave it on <body>. */
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
        <CatchDetailContent
          key={item.id}
          item={item}
          spotName={spotName}
          onEdit={onEdit}
          linkCatch={linkCatch}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </Dialog>
  );
}

function CatchDetailContent({
  item,
  spotName,
  onEdit,
  linkCatch,
  onCloseAutoFocus,
}: {
  item: Catch;
  spotName?: string;
  onEdit?: (item: Catch) => void;
  linkCatch?: (item: Catch, spotId: number) => Promise<void>;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [mapOpen, setMapOpen] = useState(false);
  const [savingSpot, setSavingSpot] = useState(false);
  const viewMapButton = useRef<HTMLButtonElement>(null);
  const saveSpotButton = useRef<HTMLButtonElement>(null);
  const caught = formatCatchDate(item.catchDate);
  const caughtTime = item.timeOfDay ? (formatClockTime(item.timeOfDay) ?? item.timeOfDay) : null;
  const caughtAt = caughtTime ? `${caught} at ${caughtTime}` : caught;
  const coordinates = formatCoordinates(item.latitude, item.longitude);
  const saved = formatTimestamp(item.createdAt);
  const units = useUnits();

  return (
    <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{catchName(item)}</DialogTitle>
        <DialogDescription className="flex items-center gap-1.5">
          <Calendar aria-hidden="true" className="size-3.5" />
          {caught}
        </DialogDescription>
        {item.released ? <ReleasedBadge /> : null}
      </DialogHeader>

      {item.isTestCatch ? (
        <p
          data-testid="test-catch-note"
          className="flex items-start gap-2 rounded-lg border border-border bg-muted p-3 text-sm"
        >
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>Test catch</strong>: a sample saved from a test page. Your stats and personal bests leave
            it out.
          </span>
        </p>
      ) : null}

      <CatchDetailPhoto item={item} />

      <dl className="grid grid-fit-32 gap-3">
        <Stat label="Weight" value={formatWeight(item.weight, units) ?? '—'} />
        <Stat label="Length" value={formatLength(item.length, units) ?? '—'} />
      </dl>

      <section
        aria-labelledby={`details-${item.id}`}
        className="@container rounded-lg border border-border p-3"
      >
        <h3 id={`details-${item.id}`} className="mb-2 text-sm font-semibold">
          Fishing Details
        </h3>
        <DetailList>
          {item.waterTemperature !== null ? (
            <Detail label="Water Temperature">
              <span className="whitespace-nowrap">
                {formatQuantity('waterTemperature', item.waterTemperature, units)}
              </span>
            </Detail>
          ) : null}
          {item.depth !== null ? (
            <Detail label="Depth">
              <span className="whitespace-nowrap">{formatQuantity('depth', item.depth, units)}</span>
            </Detail>
          ) : null}
          {item.lineSize ? <Detail label="Line Size">{item.lineSize}</Detail> : null}
          {item.baitUsed ? <Detail label="Bait Used">{item.baitUsed}</Detail> : null}
          {item.quantity > 1 ? <Detail label="Quantity">{formatFigure(item.quantity)}</Detail> : null}
          {item.released === false ? <Detail label="Kept or Released">Kept</Detail> : null}
          <Detail label="Caught">{caughtAt}</Detail>
        </DetailList>
      </section>

      <CatchConditionsBlock item={item} units={units} />

      {item.locationName || coordinates || spotName ? (
        <section aria-label="Location" className="flex flex-col gap-3">
          <div className="flex items-start gap-3">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="flex min-w-0 flex-col gap-0.5">
              {item.locationName ? <p className="font-medium">{item.locationName}</p> : null}
              {coordinates ? <p className="font-mono text-xs text-muted-foreground">{coordinates}</p> : null}
            </div>
          </div>
          {spotName ? <SpotLine name={spotName} /> : null}
          {item.latitude !== null && item.longitude !== null ? (
            <Button ref={viewMapButton} variant="outline" onClick={() => setMapOpen(true)}>
              <MapIcon aria-hidden="true" />
              View Map
            </Button>
          ) : null}
          {linkCatch && item.latitude !== null && item.longitude !== null ? (
            <>
              <Button ref={saveSpotButton} variant="outline" onClick={() => setSavingSpot(true)}>
                <MapPinned aria-hidden="true" />
                Save this place as a spot
              </Button>
              <SaveSpotDialog
                item={{ ...item, latitude: item.latitude, longitude: item.longitude }}
                open={savingSpot}
                onOpenChange={setSavingSpot}
                linkCatch={linkCatch}
                onCloseAutoFocus={(event) => {
                  event.preventDefault();
                  saveSpotButton.current?.focus();
                }}
              />
            </>
          ) : null}
        </section>
      ) : null}

      {item.notes ? (
        <section aria-label="Notes" className="flex items-start gap-3">
          <NotebookPen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <p className="min-w-0 whitespace-pre-wrap break-words text-sm">{item.notes}</p>
        </section>
      ) : null}

      {saved ? <p className="text-xs text-muted-foreground">Saved {saved}</p> : null}

      <DaysLikeThisButton target={{ catch: item }} />

      {onEdit ? (
        <Button variant="outline" onClick={() => onEdit(item)}>
          <Pencil aria-hidden="true" />
          Edit Catch
        </Button>
      ) : null}

      <ShareCatchButton item={item} />

      {item.latitude !== null && item.longitude !== null ? (
        <CatchLocationDrawer
          latitude={item.latitude}
          longitude={item.longitude}
          locationName={item.locationName}
          open={mapOpen}
          onOpenChange={setMapOpen}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            viewMapButton.current?.focus();
          }}
        />
      ) : null}
    </DialogContent>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold whitespace-nowrap">{value}</dd>
    </div>
  );
}
