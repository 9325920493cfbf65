import { useMutation } from '@tanstack/react-query';
import { CircleCheck, ImagePlus, Info, Upload, Wrench, X } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '@/api/http';
import { uploadPhoto } from '@/api/sync-endpoints';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useObjectUrl } from '@/hooks/use-object-url';
import { toast } from '@/hooks/use-toast';
import { StaticPageLayout } from '@/routes/pages/static-page-layout';
import { SignInHint } from './upload-common.tsx';

/** docs/product.md#photos: a suggestion only; the server accepts up to 20 MB and re-encodes every photo anyway. */
const SUGGESTED_MAX_MB = 5;

/** POST /api/upload → { url } (docs/api.md); a non-OK answer is 'Upload failed: {status} {statusText}'. */
async function uploadFile(file: File): Promise<string> {
  let body: { url?: unknown };
  try {
    body = await uploadPhoto(file);
  } catch (error) {
    if (error instanceof ApiError)
      throw new Error(`Upload failed: ${error.status} ${error.statusText}`.trim());
    throw error;
  }
  if (typeof body?.url === 'string') return body.url;
  throw new Error('Could not upload photo');
}

/** The fallbacks of docs/product.md#test-pages: 'Could not upload photo' for an error without text, 'An unknown error occurred' otherwise. */
function describeUploadError(error: unknown): string {
  if (error instanceof Error) return error.message || 'Could not upload photo';
  return 'An unknown error occurred';
}

/**
 * /photo-upload (docs/product.md#test-pages): pick an image, preview it, remove it, upload it to POST /api/upload and
 * see a success banner. Suggests files under 5MB (advice only). Linked from the Tools tab, and links back to it.
 */
export function PhotoUploadPage() {
  const [file, setFile] = useState<File | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(file);

  const upload = useMutation({
    mutationFn: uploadFile,
    onSuccess: () => {
      toast({ title: 'Upload successful', description: 'Your photo has been uploaded.' });
    },
    onError: (error) => {
      toast({ title: 'Upload failed', description: describeUploadError(error), variant: 'destructive' });
    },
  });

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // `accept` is only a hint to the picker: a non-image is not previewed or uploaded.
    setFile(chosen && (chosen.type === '' || chosen.type.startsWith('image/')) ? chosen : null);
    upload.reset();
  };

  const removePhoto = () => {
    setFile(null);
    upload.reset();
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.focus();
  };

  const startUpload = () => {
    if (!file) {
      toast({
        title: 'No file selected',
        description: 'Choose a photo to upload first.',
        variant: 'destructive',
      });
      return;
    }
    upload.mutate(file);
  };

  return (
    <StaticPageLayout
      title="Photo Upload"
      eyebrow="Test page"
      icon={ImagePlus}
      description="Preview a photo, then upload it through POST /api/upload."
      back={{ href: '/tools', label: 'Back to Tools' }}
    >
      <div className="grid gap-4">
        <SignInHint />

        {upload.isSuccess ? (
          <div
            role="status"
            className="flex items-start gap-3 rounded-lg border border-success/40 bg-green-50 p-4 text-sm text-success"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0">
              <p className="font-semibold">Photo uploaded successfully!</p>
              <p className="break-all text-foreground">
                Stored at <code data-testid="uploaded-photo-url">{upload.data}</code>
              </p>
            </div>
          </div>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>Select a photo</CardTitle>
            <CardDescription className="flex items-start gap-2">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              For best results, use image files under {SUGGESTED_MAX_MB}MB.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {upload.isSuccess ? (
              <img
                src={upload.data}
                alt="Uploaded result"
                className="max-h-80 w-full rounded-lg border border-border bg-muted object-contain"
              />
            ) : previewUrl ? (
              <div className="relative overflow-hidden rounded-lg border border-border bg-muted">
                <img
                  src={previewUrl}
                  alt="Preview of the selected file"
                  className="max-h-80 w-full object-contain"
                />
                <Button
                  variant="destructive"
                  size="icon"
                  className="absolute right-2 top-2 rounded-full"
                  aria-label="Remove photo"
                  onClick={removePhoto}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            ) : (
              <div className="flex h-40 flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border text-sm text-muted-foreground">
                <ImagePlus aria-hidden="true" className="size-8" />
                <p>No photo selected</p>
              </div>
            )}

            <div className="grid gap-1.5">
              <Label htmlFor="photo-upload-file">Photo file</Label>
              <Input
                ref={inputRef}
                id="photo-upload-file"
                type="file"
                accept="image/*"
                onChange={onFileChange}
                className="h-auto py-2 text-sm file:mr-3 file:rounded-md file:bg-accent file:px-3 file:py-1.5 file:text-accent-foreground"
              />
            </div>

            <Button onClick={startUpload} disabled={upload.isPending} className="w-full">
              {upload.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
              {upload.isPending ? 'Uploading...' : 'Upload Photo'}
            </Button>
            {upload.isSuccess ? (
              <Button variant="outline" onClick={removePhoto} className="w-full">
                Upload Another Photo
              </Button>
            ) : null}
          </CardContent>
        </Card>

        {upload.isError ? (
          <p role="alert" className="rounded-lg border border-destructive p-3 text-sm text-destructive">
            {describeUploadError(upload.error)}
          </p>
        ) : null}

        <Link
          href="/tools"
          className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}
        >
          <Wrench aria-hidden="true" />
          Back to Tools
        </Link>
      </div>
    </StaticPageLayout>
  );
}
