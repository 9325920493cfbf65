import {
  ChartColumn,
  Lightbulb,
  List,
  type LucideIcon,
  Map as MapIcon,
  MapPinned,
  Timer,
} from 'lucide-react';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { HistoryView } from '@/lib/history-view';

/**
 * The views of the History tab, switched at its top (docs/product.md#history): list, map, stats, insights, trips,
 * spots. A new view is one name in lib/history-view.ts, one line here and its panel in catch-history.tsx.
 */
const HISTORY_VIEWS: ReadonlyArray<{ value: HistoryView; label: string; icon: LucideIcon }> = [
  { value: 'list', label: 'List', icon: List },
  { value: 'map', label: 'Map', icon: MapIcon },
  { value: 'stats', label: 'Stats', icon: ChartColumn },
  { value: 'insights', label: 'Insights', icon: Lightbulb },
  { value: 'trips', label: 'Trips', icon: Timer },
  { value: 'spots', label: 'Spots', icon: MapPinned },
];

/** The switch between History's views: tabs (arrow keys move between them), each 44 px high. */
export function HistoryViewTabs() {
  return (
    <TabsList aria-label="History view">
      {HISTORY_VIEWS.map(({ value, label, icon: Icon }) => (
        <TabsTrigger key={value} value={value}>
          <Icon aria-hidden="true" />
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
