import { ArrowDownUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  CATCH_SORT_OPTIONS,
  type CatchSortOrder,
  isCatchSortOrder,
  sortButtonLabel,
} from './catch-list-order.ts';

/**
 * The sort menu of the history list (its button says the order in use: 'Sort: Newest') (docs/product.md#search-and-sort). A chunk of its own with the menus' code, loaded at the first use
 * of the button (catch-history.tsx draws a look-alike until then: decision 023); opens at once when it replaces it.
 */
export function SortMenu({
  value,
  onChange,
}: {
  value: CatchSortOrder;
  onChange: (order: CatchSortOrder) => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="shrink-0">
          <ArrowDownUp aria-hidden="true" />
          {sortButtonLabel(value)}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-xs text-muted-foreground">Sort By</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value}
          onValueChange={(next) => {
            if (isCatchSortOrder(next)) onChange(next);
          }}
        >
          {CATCH_SORT_OPTIONS.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
