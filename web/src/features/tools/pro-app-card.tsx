import { Download, Smartphone } from 'lucide-react';
import { Link } from 'wouter';
import { DownloadQr } from '@/components/download-qr';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** 'Get Pro App' (docs/product.md#tools): a QR code of this site's download page and a link to the install instructions. */
export function ProAppCard() {
  return (
    <Card role="region" aria-labelledby="tools-pro-app-title" className="overflow-hidden">
      <CardHeader className="pb-3">
        <CardTitle as="h3" id="tools-pro-app-title" className="flex items-center gap-2">
          <Smartphone aria-hidden="true" className="size-5 text-primary" />
          Get Pro App
        </CardTitle>
        <CardDescription>
          Tightlines on your home screen: log catches on the water, even offline.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* The words go under the code when both do not fit side by side (large text). */}
        <div className="flex flex-wrap items-center gap-4">
          <DownloadQr testId="pro-app-qr" className="size-32 shrink-0 rounded-md border border-border" />
          <p className="min-w-[min(10rem,100%)] flex-1 basis-0 text-sm text-muted-foreground">
            Scan the code with your phone's camera to open the download page, or install it from your browser
            in a few taps.
          </p>
        </div>
        <Link href="/download" className={buttonVariants({ className: 'w-full' })}>
          <Download aria-hidden="true" />
          Download Instructions
        </Link>
      </CardContent>
    </Card>
  );
}
