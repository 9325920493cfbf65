import { useEffect, useRef } from 'react';
import { History, PlusCircle, Wrench } from '@/components/shell-icons';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The shell's Log, History and Tools tabs (docs/product.md#shell). On a phone (under 640 px, Tailwind's `sm`) they
 * are a bar fixed at the bottom of the screen, within a thumb's reach, above the home indicator (safe-area inset),
 * each tab 56 px tall; on a wider screen they stay above the tab's content. Same tablist either way, in the same
 * place in the page (screen readers and the Tab key meet it before the panel). The bar's height is published as
 * `--bottom-tabs-height` (0 on a wide screen): the page pads its end by it, and what else sits at the bottom of the
 * screen (the offline banner, the Quick catch button) sits above it.
 */
export function ShellTabList() {
  const bar = useRef<HTMLDivElement>(null);
  usePublishedHeight(bar);
  return (
    <TabsList
      ref={bar}
      className={
        'max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:grid-cols-3 max-sm:gap-1 ' +
        'max-sm:rounded-none max-sm:border-t max-sm:border-border max-sm:bg-card max-sm:px-2 max-sm:pt-1 ' +
        'max-sm:pb-[max(0.25rem,env(safe-area-inset-bottom))] max-sm:shadow-[0_-2px_8px_rgb(0_0_0/0.08)]'
      }
    >
      <ShellTab value="log" icon={<PlusCircle aria-hidden="true" />} label="Log" />
      <ShellTab value="history" icon={<History aria-hidden="true" />} label="History" />
      <ShellTab value="tools" icon={<Wrench aria-hidden="true" />} label="Tools" />
    </TabsList>
  );
}

function ShellTab({ value, icon, label }: { value: string; icon: React.ReactNode; label: string }) {
  return (
    // On the phone's bar: the icon over the label, a 56 px target; the chosen tab in the primary colour.
    <TabsTrigger
      value={value}
      className="max-sm:min-h-14 max-sm:flex-col max-sm:gap-0.5 max-sm:[&_svg]:size-5 max-sm:data-[state=active]:bg-accent max-sm:data-[state=active]:text-primary"
    >
      {icon}
      {label}
    </TabsTrigger>
  );
}

/** Keeps `--bottom-tabs-height` on the page at the bar's height while it is fixed at the bottom, else 0. */
function usePublishedHeight(bar: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => {
      const fixed = getComputedStyle(element).position === 'fixed';
      root.style.setProperty('--bottom-tabs-height', fixed ? `${element.offsetHeight}px` : '0px');
    };
    publish();
    const resized = new ResizeObserver(publish);
    resized.observe(element);
    // Crossing the phone breakpoint changes the position, not always the size.
    window.addEventListener('resize', publish);
    return () => {
      resized.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty('--bottom-tabs-height');
    };
  }, [bar]);
}
