import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, ImageUp, Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { ApiError } from '@/api/http';
import { uploadBasicPhoto } from '@/api/page-endpoints';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { StaticPageLayout } from '@/routes/pages/static-page-layout';
import { SignInHint } from './upload-common.tsx';

const NO_FILE_MESSAGE = 'Please select a file to upload';
const UPLOAD_FALLBACK_MESSAGE = 'Failed to upload photo';

/** POST /api/upload-photo → { photoUrl }, or { message } on error (docs/api.md). */
async function uploadFile(file: File): Promise<string> {
  let body: { photoUrl?: unknown };
  try {
    body = await uploadBasicPhoto(file);
  } catch (error) {
    // Our JSON error body's message, or the fallback for any other answer (a proxy's error page).
    if (error instanceof ApiError) throw new Error(error.bodyMessage || UPLOAD_FALLBACK_MESSAGE);
    throw error;
  }
  if (typeof body?.photoUrl === 'string') return body.photoUrl;
  throw new Error(UPLOAD_FALLBACK_MESSAGE);
}

/**
 * /basic-photo-upload (docs/product.md#test-pages): choose a file, upload it, show the result (URL and image).
 * A missing file says 'Please select a file to upload'; toasts 'Upload successful' / 'Upload failed'.
 */
export function BasicPhotoUploadPage() {
  const [file, setFile] = useState<File | null>(null);
  const [validation, setValidation] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: uploadFile,
    onSuccess: () => {
      toast({ title: 'Upload successful', description: 'Your photo has been uploaded.' });
    },
    onError: (error) => {
      toast({
        title: 'Upload failed',
        description: error instanceof Error && error.message ? error.message : UPLOAD_FALLBACK_MESSAGE,
        variant: 'destructive',
      });
    },
  });

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setValidation(null);
    upload.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setValidation(NO_FILE_MESSAGE);
      return;
    }
    upload.mutate(file);
  };

  return (
    <StaticPageLayout
      title="Basic Photo Upload"
      eyebrow="Test page"
      icon={ImageUp}
      description="Uploads one image through POST /api/upload-photo and shows what the server returned."
    >
      <div className="grid gap-4">
        <SignInHint />
        <Card>
          <CardHeader>
            <CardTitle>Choose a photo</CardTitle>
            <CardDescription>Images only. Location and camera data are removed on upload.</CardDescription>
          </CardHeader>
          <CardContent>
            <form aria-label="Basic photo upload" noValidate onSubmit={onSubmit} className="grid gap-4">
              <div className="grid gap-1.5">
                <Label htmlFor="basic-photo-file">Photo file</Label>
                <Input
                  id="basic-photo-file"
                  type="file"
                  accept="image/*"
                  aria-invalid={validation ? true : undefined}
                  aria-describedby={validation ? 'basic-photo-error' : undefined}
                  onChange={onFileChange}
                  className="h-auto py-2 text-sm file:mr-3 file:rounded-md file:bg-accent file:px-3 file:py-1.5 file:text-accent-foreground"
                />
                {validation ? (
                  <p id="basic-photo-error" role="alert" className="text-sm font-medium text-destructive">
                    {validation}
                  </p>
                ) : null}
              </div>
              <Button type="submit" disabled={upload.isPending} className="w-full">
                {upload.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
                {upload.isPending ? 'Uploading...' : 'Upload Photo'}
              </Button>
            </form>
          </CardContent>
        </Card>

        {upload.isSuccess ? (
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-success">
                <CircleCheck aria-hidden="true" className="size-5" />
                Upload Result
              </CardTitle>
              <CardDescription className="break-all">
                Photo URL: <code data-testid="uploaded-photo-url">{upload.data}</code>
              </CardDescription>
            </CardHeader>
            <CardContent>
              <img
                src={upload.data}
                alt="Uploaded result"
                className="max-h-80 w-full rounded-lg border border-border bg-muted object-contain"
              />
            </CardContent>
          </Card>
        ) : null}

        {upload.isError ? (
          <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive p-3 text-sm">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            <span>
              Upload failed:{' '}
              {upload.error instanceof Error && upload.error.message
                ? upload.error.message
                : UPLOAD_FALLBACK_MESSAGE}
            </span>
          </p>
        ) : null}
      </div>
    </StaticPageLayout>
  );
}
