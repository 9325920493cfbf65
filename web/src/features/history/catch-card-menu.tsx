import { MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Catch } from '#core/catch.ts';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/**
 * A card's options menu (Edit Catch, Delete Catch). A chunk of its own with the menus' code, loaded at the first
 * use of a card's options button (catch-card.tsx draws a look-alike until then), so History's first screen does
 * not wait for it (docs/decisions/023-lean-front-end.md). Opens at once when it replaces the look-alike.
 */
export function CatchCardMenu({
  item,
  onEdit,
  onDelete,
}: {
  item: Catch;
  onEdit: (item: Catch, opener: HTMLElement | null) => void;
  onDelete: (item: Catch, opener: HTMLElement | null) => void;
}) {
  const menuTrigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(true);
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button ref={menuTrigger} variant="ghost" size="icon" aria-label="Catch options">
          <MoreVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onEdit(item, menuTrigger.current)}>
          <Pencil aria-hidden="true" />
          Edit Catch
        </DropdownMenuItem>
        <DropdownMenuItem
          className="text-destructive data-[highlighted]:bg-destructive/10 data-[highlighted]:text-destructive"
          onSelect={() => onDelete(item, menuTrigger.current)}
        >
          <Trash2 aria-hidden="true" />
          Delete Catch
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
