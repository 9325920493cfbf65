import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { useToast } from '@/hooks/use-toast';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button.tsx';
import { type Box, TOAST_AVOID_SELECTOR, toastTop } from './toast-placement.ts';

/**
 * Keeps the open toast off everything the angler must be able to tap (toast-placement.ts): measures the toast and
 * the elements to avoid, and sets the viewport's top; again while it is open when the page scrolls, resizes or
 * changes (a dialog opens, the offline banner appears).
 * Null until measured, so the first frame uses the CSS position (the bottom of the screen).
 */
function useToastTop(viewport: RefObject<HTMLOListElement | null>, open: boolean): number | null {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!open || !element) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const own = element.getBoundingClientRect();
      const avoid: Box[] = [];
      for (const other of document.querySelectorAll(TOAST_AVOID_SELECTOR)) {
        if (element.contains(other)) continue;
        const { top: boxTop, bottom, left, right, width, height } = other.getBoundingClientRect();
        if (width > 0 && height > 0) avoid.push({ top: boxTop, bottom, left, right });
      }
      setTop(toastTop(window.innerHeight, { height: own.height, left: own.left, right: own.right }, avoid));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(place);
    };
    place();
    const resized = new ResizeObserver(schedule);
    resized.observe(element);
    const changed = new MutationObserver(schedule);
    changed.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      changed.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [viewport, open]);
  return open ? top : null;
}

/**
 * Renders the toast store with Radix Toast (docs/product.md#toasts): swipe right to dismiss (threshold 50 px), F8 focuses the
 * viewport (Radix default hotkey), the viewport is at most 420 px wide on medium screens and up. It sits at the
 * bottom of the screen, never over the header, the tabs, a form's submit button or a dialog's buttons (decision 007),
 * and only the toast itself takes taps, not the strip around it.
 */
export function Toaster() {
  const { toasts } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  const top = useToastTop(
    viewport,
    toasts.some((item) => item.open),
  );
  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant = 'default', duration, action, open, onOpenChange }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={onOpenChange}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border py-3 pl-4 pr-12 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity',
            variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            {title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
            ) : null}
            {description ? (
              <ToastPrimitive.Description className="text-sm opacity-95">
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {action ? (
            <ToastPrimitive.Action
              altText={action.altText}
              onClick={action.onClick}
              className={buttonVariants({
                variant: 'outline',
                size: 'sm',
                className: 'shrink-0 self-center',
              })}
            >
              {action.label}
            </ToastPrimitive.Action>
          ) : null}
          {/* 44 × 44 px: a touch target a thumb can hit (WCAG 2.5.5). */}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-0 top-0 flex size-11 items-center justify-center rounded-md opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        style={top === null ? undefined : { top, bottom: 'auto' }}
        className="pointer-events-none fixed bottom-0 left-0 z-[100] flex max-h-screen w-full flex-col gap-2 px-4 pb-2 outline-none md:left-auto md:right-0 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
