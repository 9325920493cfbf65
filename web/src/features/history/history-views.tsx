import { ChartColumn, List, type LucideIcon, Map as MapIcon } from 'lucide-react';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The views of the History tab, switched at its top (issue 12): list, map, stats. A new view is one line here
 * plus its panel in catch-history.tsx.
 */
const HISTORY_VIEWS = [
  { value: 'list', label: 'List', icon: List },
  { value: 'map', label: 'Map', icon: MapIcon },
  { value: 'stats', label: 'Stats', icon: ChartColumn },
] as const satisfies ReadonlyArray<{ value: string; label: string; icon: LucideIcon }>;

export type HistoryView = (typeof HISTORY_VIEWS)[number]['value'];

export const DEFAULT_HISTORY_VIEW: HistoryView = 'list';

export function isHistoryView(value: string): value is HistoryView {
  return HISTORY_VIEWS.some((view) => view.value === value);
}

/** The switch between History's views: tabs (arrow keys move between them), each 44 px high. */
export function HistoryViewTabs() {
  return (
    <TabsList aria-label="History view" className="flex w-full">
      {HISTORY_VIEWS.map(({ value, label, icon: Icon }) => (
        <TabsTrigger key={value} value={value}>
          <Icon aria-hidden="true" />
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
