import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import type { Catch } from '#core/catch.ts';
import { getCatches } from '@/api/endpoints';
import { queryKeys } from '@/lib/query-client';
import { SuggestionInput, type SuggestionInputProps } from './suggestion-input.tsx';

/** The ranking and the bundled list of sport fish: a chunk of their own, fetched when the field is first used. */
const loadSuggestions = () => import('#core/species-suggestions.ts');
type SuggestionsModule = Awaited<ReturnType<typeof loadSuggestions>>;

const NO_CATCHES: readonly Catch[] = [];

/**
 * The catch list History keeps (the query cache, restored from the phone's copy at start), read without
 * changing the query's options.
 */
export function useCachedCatches(): readonly Catch[] {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === queryKeys.catches[0]) onChange();
      }),
    [queryClient],
  );
  return useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryData<Catch[]>(queryKeys.catches) ?? NO_CATCHES,
  );
}

/**
 * A fish type field that suggests as you type (docs/product.md#log, decision 011): the angler's own species first (most caught
 * first, from the cached catch list, so also offline), then common sport fish (core/species.ts). Free text
 * stays allowed. Takes the props of a controlled input: `value`, `onChange(value)`, and any input attribute.
 * The Log form draws a plain field first and this one once its chunk is here (species-input.tsx, decision 023);
 * the quick catch's steps, loaded later, use it at once.
 */
export function SpeciesCombobox({
  lastFirst = false,
  ...props
}: Omit<SuggestionInputProps, 'suggestions'> & {
  /** The species of the angler's last catch first (the Quick catch, docs/decisions/046-quick-capture.md). */
  lastFirst?: boolean;
}) {
  const [ranking, setRanking] = useState<SuggestionsModule | null>(null);
  const catches = useCachedCatches();
  const own = useMemo(() => (ranking ? ranking.ownSpecies(catches) : []), [ranking, catches]);
  const lastFishType = useMemo(() => (lastFirst ? newestFishType(catches) : null), [lastFirst, catches]);
  const suggestions = useMemo(() => {
    if (!ranking) return [];
    const ranked = ranking.suggestSpecies(props.value, own);
    return ranking.lastSpeciesFirst(props.value, ranked, own, lastFishType);
  }, [ranking, props.value, own, lastFishType]);
  const { onFocus } = props;
  const queryClient = useQueryClient();
  return (
    <SuggestionInput
      {...props}
      suggestions={suggestions}
      onFocus={(event) => {
        onFocus?.(event);
        // On a phone that has not kept the list yet (History never opened here), fetch it once, so the
        // angler's own species are offered from the first catch on. A kept list is used as it is; offline,
        // the fetch waits or fails quietly.
        if (queryClient.getQueryData(queryKeys.catches) === undefined) {
          void queryClient.prefetchQuery({ queryKey: queryKeys.catches, queryFn: getCatches });
        }
        if (!ranking) {
          loadSuggestions().then(setRanking, () => {
            // Offline with nothing precached: the field works without suggestions.
          });
        }
      }}
    />
  );
}

/** The fish type of the newest catch, by when it was caught. */
function newestFishType(catches: readonly Catch[]): string | null {
  let newest: Catch | null = null;
  for (const item of catches) {
    if (newest === null || Date.parse(item.caughtAt) > Date.parse(newest.caughtAt)) newest = item;
  }
  return newest?.fishType ?? null;
}
