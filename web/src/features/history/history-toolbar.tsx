import { ArrowDownUp, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { loadWhenOnline } from '@/lib/load-when-online';
import { type CatchSortOrder, sortButtonLabel } from './catch-list-order.ts';

// The sort menu is fetched as soon as History's code runs (beside the catches) and kept, so the button opens it in
// the same tap, as before, once it is here.
let sortMenuModule: typeof import('./sort-menu.tsx') | null = null;
const loadSortMenu = () =>
  loadWhenOnline(() => import('./sort-menu.tsx')).then((module) => {
    sortMenuModule = module;
    return module;
  });
if (typeof window !== 'undefined') void loadSortMenu();

/** The search box and the sort button ('Sort: Newest'): they apply to the list and the map alike (docs/product.md#search-and-sort). */
export function HistoryToolbar({
  search,
  onSearchChange,
  sortOrder,
  onSortOrderChange,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  sortOrder: CatchSortOrder;
  onSortOrderChange: (order: CatchSortOrder) => void;
}) {
  return (
    // The search box keeps 10rem or takes a row of its own, with the sort button under it (large text).
    <div className="flex flex-wrap gap-2">
      <div className="relative min-w-0 flex-[1_1_10rem]">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder="Search your catches..."
          aria-label="Search catches"
          autoComplete="off"
          enterKeyHint="search"
          className="pl-9"
        />
      </div>
      <DeferredSortMenu value={sortOrder} onChange={onSortOrderChange} />
    </div>
  );
}

/** The sort button: a look-alike until first used, then the menu (sort-menu.tsx), opened at once. */
function DeferredSortMenu({
  value,
  onChange,
}: {
  value: CatchSortOrder;
  onChange: (order: CatchSortOrder) => void;
}) {
  const [requested, setRequested] = useState(false);
  const [, setLoaded] = useState(false);
  const menu = sortMenuModule;
  if (requested && menu) return <menu.SortMenu value={value} onChange={onChange} />;
  return (
    <Button
      variant="outline"
      className="shrink-0"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setRequested(true);
        // Not here yet (a slow network): opens once it is.
        if (!sortMenuModule) void loadSortMenu().then(() => setLoaded(true));
      }}
    >
      <ArrowDownUp aria-hidden="true" />
      {sortButtonLabel(value)}
    </Button>
  );
}
