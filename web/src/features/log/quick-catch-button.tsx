import { Camera } from '@/components/shell-icons';
import { Button } from '@/components/ui/button';

/**
 * The Log tab's 'Quick catch' button (docs/decisions/046-quick-capture.md): large (56 px), and on a phone held at
 * the bottom of the screen, above the tab bar (and 'You're offline'), where a thumb reaches; with large text (under 20rem of screen) it
 * stays after the form rather than keeping part of the screen.
 */
export function QuickCatchButton({ onClick }: { onClick: () => void }) {
  return (
    // Toasts rise above it (data-toast-avoid); what is scrolled into view stops above it (index.css).
    <div
      data-sticky-action
      data-toast-avoid
      className="sticky bottom-[calc(var(--bottom-tabs-height)+var(--offline-banner-height)+0.75rem)] z-20 mt-4 @max-xs:static"
    >
      <Button className="min-h-14 w-full text-base shadow-lg" onClick={onClick}>
        <Camera aria-hidden="true" />
        Quick catch
      </Button>
    </div>
  );
}
