import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useContext,
  useId,
  useState,
} from 'react';
import { cn } from '@/lib/cn';

/**
 * Tabs (the WAI-ARIA tabs pattern), with the API and markup of the Radix Tabs they replace: the shell's tabs are
 * on its first screen, and Radix Tabs with their roving-focus and collection helpers weighed ~8 KB gzip of the
 * shell's first load (decision 023). Same behaviour: role tablist/tab/tabpanel wired by ids, `data-state`
 * active|inactive, one tab in the Tab order (the selected one), Left/Right arrows (wrapping), Home and End move
 * focus and select (automatic activation), a press selects on mousedown, and an inactive panel is not rendered
 * unless `forceMount` (then it is rendered with data-state="inactive" for CSS to hide).
 */

interface TabsContextValue {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(part: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>`);
  return context;
}

const idFor = (baseId: string, part: 'trigger' | 'content', value: string) =>
  `${baseId}-${part}-${value.replace(/\s+/g, '-')}`;

export function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const select = useCallback(
    (next: string) => {
      if (next === value) return;
      if (controlled === undefined) setUncontrolled(next);
      onValueChange?.(next);
    },
    [controlled, value, onValueChange],
  );
  return (
    <TabsContext.Provider value={{ baseId, value, select }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End move between the list's enabled tabs (wrapping), focusing and so selecting. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys: Record<string, number | 'first' | 'last'> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    Home: 'first',
    End: 'last',
  };
  const step = keys[event.key];
  if (step === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  if (tabs.length === 0) return;
  const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
  const index =
    step === 'first'
      ? 0
      : step === 'last'
        ? tabs.length - 1
        : (Math.max(current, 0) + step + tabs.length) % tabs.length;
  event.preventDefault();
  tabs[index]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        // Equal tabs side by side while 7rem each fits (index.css, grid-fit): with large text they stack and keep
        // their whole labels instead of running off the screen.
        'grid w-full grid-fit-28 items-center rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  value,
  disabled,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: ComponentProps<'button'> & { value: string }) {
  const { baseId, value: selected, select } = useTabsContext('TabsTrigger');
  const active = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={idFor(baseId, 'trigger', value)}
      aria-selected={active}
      aria-controls={idFor(baseId, 'content', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      tabIndex={active ? 0 : -1}
      className={cn(
        // 44 px high: a target a thumb can hit (WCAG 2.5.5; decision 007: the tabs were 32-36 px).
        'inline-flex min-h-11 min-w-0 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-center text-sm font-medium transition-all',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        // Only a plain press of the main button; a ctrl-click (the context menu on a Mac) neither selects nor
        // takes focus.
        if (disabled || event.defaultPrevented) return;
        if (event.button === 0 && !event.ctrlKey) select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented && (event.key === ' ' || event.key === 'Enter')) select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        // Automatic activation: a tab reached with the arrow keys is selected.
        if (!active && !disabled) select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  className,
  value,
  forceMount,
  children,
  ...props
}: ComponentProps<'div'> & { value: string; forceMount?: true }) {
  const { baseId, value: selected } = useTabsContext('TabsContent');
  const active = value === selected;
  if (!active && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={idFor(baseId, 'content', value)}
      aria-labelledby={idFor(baseId, 'trigger', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern puts the panel in the Tab order (Radix did too), so a panel with nothing focusable in it can still be reached.
      tabIndex={0}
      className={cn(
        'mt-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    >
      {children}
    </div>
  );
}
