import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Camera, type IconProps, SvgIcon } from '@/components/shell-icons';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useObjectUrl } from '@/hooks/use-object-url';
import type { PhotoFacts } from '../catches/photo-prep.ts';

// Drawn here, not in shell-icons.tsx: the field is drawn after the Log form's first paint, so its own icon need not
// be in the shell's first load (decision 023).
const ImagePlus = (props: IconProps) => (
  <SvgIcon classes="lucide-image-plus" {...props}>
    <path d="M16 5h6" />
    <path d="M19 2v6" />
    <path d="M21 11.5V19a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7.5" />
    <path d="m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21" />
    <circle cx="9" cy="9" r="2" />
  </SvgIcon>
);

/**
 * The catch form's photo control (docs/product.md#photos): 'Take photo' (the camera) and 'Choose photo' (the
 * gallery), then a preview with 'Replace' and 'Remove'. Images only. Editing a saved catch (docs/product.md#edit)
 * shows its photo (`current`) until it is replaced by a picked one or removed. A picked photo's capture time and
 * position are offered to the form under the preview, one tap to use them (`onUseFacts`); the code that reads and
 * prepares photos loads when the first one is picked (docs/decisions/045-photos-prepared-on-the-phone.md).
 */
export function PhotoField({
  id,
  photo,
  onChange,
  current = null,
  onRemoveCurrent,
  onUseFacts,
  error,
}: {
  id: string;
  photo: File | null;
  onChange: (photo: File | null) => void;
  /** The saved catch's photo, shown while no other photo is picked. */
  current?: ReactNode;
  onRemoveCurrent?: () => void;
  /** Fills the form from what the photo says (its time and place). */
  onUseFacts?: (facts: PhotoFacts) => void;
  error?: string;
}) {
  const chooseRef = useRef<HTMLInputElement>(null);
  const takeRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(photo);
  const [offer, dismissOffer] = usePhotoOffer(photo);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // Emptied at once, so the same file can be picked again after Remove.
    event.target.value = '';
    if (!file) return;
    // `accept` is only a hint to the picker; a non-image never becomes the catch photo.
    onChange(file.type === '' || file.type.startsWith('image/') ? file : null);
  }
  const choose = () => chooseRef.current?.click();

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Photo</Label>
      {previewUrl ? (
        <>
          <div className="overflow-hidden rounded-lg border border-border bg-muted">
            <img
              src={previewUrl}
              alt="Preview of the selected catch"
              className="max-h-72 w-full object-contain"
            />
          </div>
          {offer && onUseFacts ? (
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
              {offer.sentence}
              <Button
                variant="ghost"
                size="sm"
                className="px-2 text-primary underline"
                onClick={() => {
                  onUseFacts(offer.facts);
                  dismissOffer();
                }}
              >
                {offer.action}
              </Button>
            </p>
          ) : null}
          <PhotoActions onReplace={choose} onRemove={() => onChange(null)} />
        </>
      ) : current ? (
        <>
          <div className="overflow-hidden rounded-lg border border-border bg-muted">{current}</div>
          <PhotoActions onReplace={choose} onRemove={onRemoveCurrent} />
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">Add a photo of your catch (optional).</p>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" onClick={() => takeRef.current?.click()}>
              <Camera aria-hidden="true" />
              Take photo
            </Button>
            <Button variant="outline" onClick={choose}>
              <ImagePlus aria-hidden="true" />
              Choose photo
            </Button>
          </div>
        </>
      )}
      {/* The pickers themselves are never shown: the buttons above open them. */}
      <input
        ref={chooseRef}
        id={id}
        type="file"
        accept="image/*"
        hidden
        onChange={handleChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <input
        ref={takeRef}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={handleChange}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The picked photo as it goes into the outbox: prepared on the phone. Should its code not load (offline before it
 * was cached), the photo is kept as picked: the server re-encodes every photo without its metadata anyway.
 */
export async function photoToKeep(photo: File): Promise<Blob> {
  try {
    const { photoForUpload } = await import('../catches/photo-prep.ts');
    return await photoForUpload(photo);
  } catch {
    return photo;
  }
}

function PhotoActions({ onReplace, onRemove }: { onReplace: () => void; onRemove?: () => void }) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="outline" aria-label="Replace photo" onClick={onReplace}>
        Replace
      </Button>
      {onRemove ? (
        <Button variant="outline" aria-label="Remove photo" className="text-destructive" onClick={onRemove}>
          Remove
        </Button>
      ) : null}
    </div>
  );
}

interface PhotoOffer {
  photo: File;
  facts: PhotoFacts;
  sentence: string;
  action: string;
}

/**
 * What the picked photo says about the catch, once its EXIF is read; preparing it for the outbox starts at the same
 * moment, so the save finds it done. Without the on-demand code (offline before it was cached) there is no offer and
 * the photo is kept as picked.
 */
function usePhotoOffer(photo: File | null): [PhotoOffer | null, () => void] {
  const [offer, setOffer] = useState<PhotoOffer | null>(null);
  useEffect(() => {
    if (!photo) return;
    let picked = true;
    import('../catches/photo-prep.ts')
      .then(async (prep) => {
        void prep.photoForUpload(photo);
        const facts = await prep.readPhotoFacts(photo);
        if (picked && facts) setOffer({ photo, facts, ...prep.photoFactsOffer(facts) });
      })
      .catch(() => undefined);
    return () => {
      picked = false;
    };
  }, [photo]);
  return [offer?.photo === photo ? offer : null, () => setOffer(null)];
}
