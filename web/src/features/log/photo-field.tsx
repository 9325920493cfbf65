import { type ChangeEvent, type ReactNode, useEffect, useRef } from 'react';
import { ImagePlus, X } from '@/components/shell-icons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useObjectUrl } from '@/hooks/use-object-url';

/**
 * The catch form's photo input (docs/product.md#photos): none → selected (preview) → removable. Images only. Editing a
 * saved catch (docs/product.md#edit) shows its photo (`current`) until it is replaced by a picked one or removed.
 */
export function PhotoField({
  id,
  photo,
  onChange,
  current = null,
  onRemoveCurrent,
  error,
}: {
  id: string;
  photo: File | null;
  onChange: (photo: File | null) => void;
  /** The saved catch's photo, shown while no other photo is picked. */
  current?: ReactNode;
  onRemoveCurrent?: () => void;
  error?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(photo);

  // When the photo is cleared from outside (after a save), clear the input too so the same file can be picked again.
  useEffect(() => {
    if (!photo && inputRef.current) inputRef.current.value = '';
  }, [photo]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // `accept` is only a hint to the picker; a non-image never becomes the catch photo.
    onChange(file && (file.type === '' || file.type.startsWith('image/')) ? file : null);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Photo</Label>
      {previewUrl ? (
        <PhotoFrame onRemove={() => onChange(null)}>
          <img
            src={previewUrl}
            alt="Preview of the selected catch"
            className="max-h-72 w-full object-contain"
          />
        </PhotoFrame>
      ) : current ? (
        <PhotoFrame onRemove={onRemoveCurrent}>{current}</PhotoFrame>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ImagePlus aria-hidden="true" className="size-4" />
          Add a photo of your catch (optional).
        </p>
      )}
      <Input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        className="h-auto min-h-11 py-2 text-sm file:mr-3 file:rounded-md file:bg-accent file:px-3 file:py-1.5 file:text-accent-foreground"
        onChange={handleChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A photo with its round remove button in the corner. */
function PhotoFrame({ children, onRemove }: { children: ReactNode; onRemove?: () => void }) {
  return (
    <div className="relative overflow-hidden rounded-lg border border-border bg-muted">
      {children}
      {onRemove ? (
        <Button
          variant="destructive"
          size="icon"
          className="absolute right-2 top-2 rounded-full"
          aria-label="Remove photo"
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
