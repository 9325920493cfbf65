import { Download, Share2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import {
  conditionsLine,
  type ShareCardLines,
  type SharePlaceChoice,
  shareCardLines,
  sharePlaceTexts,
} from '#core/share-card.ts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useUnits } from '@/features/auth/use-units';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/cn';
import { saveFile } from '@/lib/save-file';
import { catchName, formatCatchDate } from '../catches/catch-format.ts';
import { drawShareCard, loadCardPhoto } from './share-card-image.ts';
import { canShareFile, cardFileName, shareFile } from './share-file.ts';

/**
 * Share a catch as a picture (docs/decisions/047-share-card.md): a preview of the card, where it was caught (hidden
 * unless the angler chooses the region or the place name), the conditions line on or off, then the share sheet or
 * a download. A chunk of its own, loaded at the first 'Share' (decision 023). Everything happens on the phone.
 */
export function ShareCatchDialog({
  item,
  onClose,
  onCloseAutoFocus,
}: {
  item: Catch;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Share catch</DialogTitle>
          <DialogDescription>The picture is made on this phone. Nothing is uploaded.</DialogDescription>
        </DialogHeader>
        <ShareCatchForm item={item} />
      </DialogContent>
    </Dialog>
  );
}

const PLACE_CHOICES: { value: SharePlaceChoice; label: string }[] = [
  { value: 'hidden', label: 'Hidden' },
  { value: 'region', label: 'Region' },
  { value: 'place', label: 'Place name' },
];

/** What the card says, for screen readers and the preview's text alternative. */
const spokenCard = (lines: ShareCardLines) =>
  [lines.title, lines.measures, lines.date, lines.place, lines.conditions].filter(Boolean).join(', ');

function ShareCatchForm({ item }: { item: Catch }) {
  const units = useUnits();
  const [place, setPlace] = useState<SharePlaceChoice>('hidden');
  const hasConditions = conditionsLine(item.conditions, units) !== null;
  const [withConditions, setWithConditions] = useState(true);
  const placeTexts = sharePlaceTexts(item);
  const lines = useMemo(
    () =>
      shareCardLines(item, {
        units,
        place,
        conditions: withConditions,
        shown: { title: catchName(item), date: formatCatchDate(item.catchDate) },
      }),
    [item, units, place, withConditions],
  );
  const card = useCardFile(item, lines);
  // Until the card of the current choices is drawn, nothing is handed on: not a card showing a place just hidden.
  const ready = card.lines === lines ? card.file : null;
  const shareable = card.file !== null && canShareFile(card.file);
  const placeName = useId();

  const share = async () => {
    if (!ready) return;
    try {
      await shareFile(ready, lines.title);
    } catch {
      toast({ title: 'Could not share', description: 'Save the image instead.', variant: 'destructive' });
    }
  };

  return (
    <>
      <figure className="flex min-h-40 items-center justify-center rounded-lg bg-muted">
        {card.url ? (
          <img
            src={card.url}
            alt={`Card: ${spokenCard(card.lines ?? lines)}`}
            data-testid="share-card-preview"
            className="block h-auto max-h-[50dvh] w-auto max-w-full rounded-lg"
          />
        ) : (
          <p role="status" className="p-4 text-sm text-muted-foreground">
            {card.failed ? 'The card could not be made on this phone.' : 'Making the card…'}
          </p>
        )}
      </figure>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">Where it was caught</legend>
        {PLACE_CHOICES.map((choice) => {
          const shown = choice.value === 'hidden' ? 'Not on the card' : placeTexts[choice.value];
          const disabled = shown === null;
          const checked = place === choice.value;
          return (
            <label
              key={choice.value}
              className={cn(
                'relative flex min-h-11 flex-col justify-center rounded-lg border px-3 py-2',
                checked ? 'border-primary bg-accent text-accent-foreground' : 'border-border',
                disabled && 'opacity-60',
              )}
            >
              {/* The radio covers the whole choice: the 44 px target is the input itself (decision 007). */}
              <input
                type="radio"
                name={placeName}
                value={choice.value}
                checked={checked}
                disabled={disabled}
                onChange={() => setPlace(choice.value)}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg opacity-0 disabled:cursor-not-allowed"
              />
              <span className="flex items-center gap-2 font-semibold">
                <span
                  aria-hidden="true"
                  className="grid size-4 shrink-0 place-items-center rounded-full border-2 border-primary"
                >
                  {checked ? <span className="size-2 rounded-full bg-primary" /> : null}
                </span>
                {choice.label}
              </span>
              <span className="pl-6 text-sm [overflow-wrap:anywhere]">
                {shown ?? 'Not known for this catch'}
              </span>
            </label>
          );
        })}
      </fieldset>

      {hasConditions ? (
        <label className="relative flex min-h-11 items-center gap-3 rounded-lg border border-border px-3 py-2">
          <input
            type="checkbox"
            checked={withConditions}
            onChange={(event) => setWithConditions(event.target.checked)}
            className="size-5 shrink-0 accent-primary"
          />
          <span className="font-semibold">Conditions line</span>
        </label>
      ) : null}

      <div className="flex flex-col gap-2">
        {shareable ? (
          <Button disabled={ready === null} onClick={() => void share()}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
        ) : null}
        <Button
          variant={shareable ? 'outline' : 'default'}
          disabled={ready === null}
          onClick={() => ready && saveFile(ready, ready.name)}
        >
          <Download aria-hidden="true" />
          Save image
        </Button>
      </div>
    </>
  );
}

/** The card for these lines, drawn again whenever they change; the photo is read once. */
function useCardFile(item: Catch, lines: ShareCardLines) {
  const [photo, setPhoto] = useState<{ bitmap: ImageBitmap | null } | null>(null);
  const [card, setCard] = useState<{ file: File; url: string; lines: ShareCardLines } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let loaded: ImageBitmap | null = null;
    loadCardPhoto(item.photo).then((bitmap) => {
      loaded = bitmap;
      if (cancelled) bitmap?.close();
      else setPhoto({ bitmap });
    });
    return () => {
      cancelled = true;
      loaded?.close();
    };
  }, [item.photo]);

  useEffect(() => {
    if (photo === null) return;
    let cancelled = false;
    drawShareCard(lines, item.fishType, photo.bitmap)
      .then((blob) => {
        if (cancelled) return;
        const file = new File([blob], cardFileName(item.fishType, item.catchDate), { type: blob.type });
        setCard({ file, url: URL.createObjectURL(file), lines });
        setFailed(false);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [photo, lines, item.fishType, item.catchDate]);

  // The previous card stays on screen until the next one is drawn; its URL is let go then.
  const url = card?.url;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  return card === null ? { file: null, url: null, lines: null, failed } : { ...card, failed };
}
