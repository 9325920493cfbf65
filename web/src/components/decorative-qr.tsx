import { cn } from '@/lib/cn';
import { QR_SIZE, qrPattern } from './qr-pattern.ts';

/** Quiet zone around the modules, in modules, as on a printed code. */
const QUIET = 2;

/** One SVG path of all dark modules: computed once, the pattern never changes. */
const MODULES_PATH = qrPattern()
  .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
  .join('');

/**
 * The QR-like decoration of the Get Pro App card and the download page (SPEC §2 'a decorative QR-like graphic').
 * It encodes nothing and is hidden from assistive technology: it is not a real QR code, so nobody should try
 * to scan it.
 */
export function DecorativeQr({ className, testId }: { className?: string; testId: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`${-QUIET} ${-QUIET} ${QR_SIZE + QUIET * 2} ${QR_SIZE + QUIET * 2}`}
      shapeRendering="crispEdges"
      className={cn('bg-white', className)}
      data-testid={testId}
    >
      <path d={MODULES_PATH} fill="#0f1f2a" />
    </svg>
  );
}
