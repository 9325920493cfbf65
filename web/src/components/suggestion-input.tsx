import { type ComponentProps, type FocusEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { CLOSED, type SuggestionListState, suggestionKey } from './suggestion-keys.ts';

export interface SuggestionInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange'> {
  value: string;
  /** The new text, typed or chosen from the list. */
  onChange: (value: string) => void;
  /** What to offer for the current text, best first. Free text stays allowed. */
  suggestions: readonly string[];
}

/**
 * A plain text field that offers suggestions as you type (WAI-ARIA combobox with a listbox popup, list
 * autocomplete): arrow keys move through the list, Enter takes a suggestion, Escape closes it, a tap picks one.
 * Each suggestion is 44 px tall. The field keeps focus throughout; what is typed is never replaced until a
 * suggestion is chosen. Keyboard rules: suggestion-keys.ts.
 */
export function SuggestionInput({
  value,
  onChange,
  suggestions,
  className,
  onKeyDown,
  onFocus,
  onBlur,
  ...inputProps
}: SuggestionInputProps) {
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const [list, setList] = useState<SuggestionListState>(CLOSED);
  const showing = list.open && suggestions.length > 0;
  const active = showing && list.active < suggestions.length ? list.active : -1;

  const choose = (index: number) => {
    const chosen = suggestions[index];
    if (chosen !== undefined) onChange(chosen);
    setList(CLOSED);
  };

  // Keep the highlighted suggestion in view when the list scrolls.
  useEffect(() => {
    if (active >= 0)
      document.getElementById(`${listId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  return (
    <div className="relative">
      <Input
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        className={className}
        onChange={(event) => {
          onChange(event.target.value);
          setList({ open: true, active: -1 });
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          onKeyDown?.(event);
          if (event.defaultPrevented || event.nativeEvent.isComposing) return;
          const result = suggestionKey(event.key, list, suggestions.length);
          if (result.handled) {
            event.preventDefault();
            event.stopPropagation();
          }
          if (result.choose !== undefined) choose(result.choose);
          else setList(result.state);
        }}
        onFocus={(event: FocusEvent<HTMLInputElement>) => {
          onFocus?.(event);
          setList({ open: true, active: -1 });
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          onBlur?.(event);
          setList(CLOSED);
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showing}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-border bg-card py-1 shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys live on the field (aria-activedescendant).
          <div
            key={suggestion}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            // Keep focus in the field: the list is part of it.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
            className={cn(
              'flex min-h-11 cursor-pointer items-center px-3 text-base',
              index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
            )}
          >
            {suggestion}
          </div>
        ))}
      </div>
      <p role="status" className="sr-only">
        {showing ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
      </p>
    </div>
  );
}
