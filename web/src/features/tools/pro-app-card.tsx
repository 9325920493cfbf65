import { Download, Smartphone } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QR_SIZE, qrPattern } from './qr-pattern.ts';

const MODULES = qrPattern();

/** Decorative, like the spec's: it does not encode anything. */
function QrGraphic() {
  const quiet = 2;
  const size = QR_SIZE + quiet * 2;
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className="size-28 shrink-0 rounded-md border border-border bg-white"
      shapeRendering="crispEdges"
      aria-hidden="true"
      data-testid="pro-app-qr"
    >
      {MODULES.flatMap((row, y) =>
        row.map((dark, x) =>
          dark ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed grid; positions are the identity.
            <rect key={`${x}-${y}`} x={x + quiet} y={y + quiet} width="1" height="1" fill="#0f1f2a" />
          ) : null,
        ),
      )}
    </svg>
  );
}

/** 'Get Pro App' (SPEC §2 Tools tab): the QR-style graphic and a link to the install instructions. */
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
        <div className="flex items-center gap-4">
          <QrGraphic />
          <p className="text-sm text-muted-foreground">
            Install it from your browser on iPhone or Android in a few taps, or get it from the app stores.
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
