import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useObjectUrl } from '@/hooks/use-object-url';

/** The log form's photo input (SPEC §4 'Photo'): none → selected (preview) → removable. Images only. */
export function PhotoField({
  id,
  photo,
  onChange,
}: {
  id: string;
  photo: File | null;
  onChange: (photo: File | null) => void;
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
        <div className="relative overflow-hidden rounded-lg border border-border bg-muted">
          <img
            src={previewUrl}
            alt="Preview of the selected catch"
            className="max-h-72 w-full object-contain"
          />
          <Button
            variant="destructive"
            size="icon"
            className="absolute right-2 top-2 rounded-full"
            aria-label="Remove photo"
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
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
      />
    </div>
  );
}
