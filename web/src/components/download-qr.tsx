import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { encodeQr, QR_QUIET_ZONE, qrPath } from './qr-code.ts';

/**
 * Where this deployment's install page lives: its own origin (the native build's server, where the page is
 * served from the app itself) plus /download. What the QR codes encode and the download page names.
 */
export function downloadAddress(): string {
  const origin = import.meta.env.VITE_API_BASE_URL || window.location.origin;
  return `${origin.replace(/\/+$/, '')}/download`;
}

/**
 * A QR code of this deployment's download address (the Get Pro App card, /download): a phone's camera opens the
 * install page. Drawn as an SVG on a white square (its quiet zone included), so it scans on any background.
 */
export function DownloadQr({ className, testId }: { className?: string; testId: string }) {
  const address = downloadAddress();
  const [code, setCode] = useState<{ size: number; path: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    encodeQr(address).then(
      (modules) => {
        if (!cancelled) setCode({ size: modules.size, path: qrPath(modules) });
      },
      () => {
        // The encoder's chunk did not load (offline before the app was kept): the square stays blank.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [address]);
  const side = (code?.size ?? 0) + QR_QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={`QR code of ${address}`}
      viewBox={`${-QR_QUIET_ZONE} ${-QR_QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
      className={cn('bg-white', className)}
      data-testid={testId}
      data-ready={code ? 'true' : 'false'}
    >
      {code ? <path d={code.path} fill="#0f1f2a" /> : null}
    </svg>
  );
}
