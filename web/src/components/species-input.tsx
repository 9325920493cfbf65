import { type ComponentProps, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { loadWhenOnline } from '@/lib/load-when-online';
import { onDemand } from '@/lib/on-demand';
import type { SpeciesCombobox } from './species-combobox.tsx';

type SpeciesInputProps = ComponentProps<typeof SpeciesCombobox>;

// The suggestions (their list, keys and ranking) are a chunk of their own, asked for once the field has been drawn:
// the Log tab is the shell's first screen, whose first load is on a budget (decision 023). A load cut off by the
// network in a first visit's first seconds waits for the network (lib/load-when-online.ts).
const combobox = onDemand(() =>
  loadWhenOnline(() => import('./species-combobox.tsx')).then((m) => m.SpeciesCombobox),
);

/** Where the caret was in the plain field when it gave way to the combobox while focused. */
interface Caret {
  start: number | null;
  end: number | null;
  direction: 'forward' | 'backward' | 'none' | undefined;
}

/**
 * The fish type field of the catch forms: a plain text field (the same box, name and value) until the suggestions'
 * code is here, then the field that suggests as you type (species-combobox.tsx). The value is the form's, so
 * nothing typed meanwhile is lost; a field focused at the swap keeps focus and its caret, and its suggestions
 * open as on a focus. Offline with nothing precached, the plain field stays.
 */
export function SpeciesInput(props: SpeciesInputProps) {
  const [Combobox, setCombobox] = useState(() => combobox.loaded);
  const caret = useRef<Caret | null>(null);
  const comboboxInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (Combobox) return;
    let mounted = true;
    combobox.preload().then(
      () => mounted && setCombobox(() => combobox.loaded),
      () => {
        // Not here (offline, nothing precached): the plain field works without suggestions.
      },
    );
    return () => {
      mounted = false;
    };
  }, [Combobox]);

  // Called as the plain field is removed, while it is still in the page: was it focused, and where was the caret.
  const plainInput = useCallback((input: HTMLInputElement | null) => {
    if (!input) return;
    return () => {
      caret.current =
        document.activeElement === input
          ? {
              start: input.selectionStart,
              end: input.selectionEnd,
              direction: input.selectionDirection ?? undefined,
            }
          : null;
    };
  }, []);

  // In the commit that swapped them, before anything else can be typed: focus and caret to the combobox.
  useLayoutEffect(() => {
    const kept = caret.current;
    caret.current = null;
    const input = comboboxInput.current;
    if (!Combobox || !kept || !input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(kept.start, kept.end, kept.direction);
  }, [Combobox]);

  if (Combobox) return <Combobox {...props} ref={comboboxInput} />;
  const { lastFirst: _lastFirst, value, onChange, ...inputProps } = props;
  return (
    // The combobox's markup without its list: the field does not move or change its name when the list joins.
    <div className="relative">
      <Input
        {...inputProps}
        ref={plainInput}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
