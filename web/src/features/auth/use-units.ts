import { useQuery } from '@tanstack/react-query';
import { type UnitSystem, unitSystemOr } from '#core/unit-names.ts';
import { queryKeys } from '@/lib/query-client';
import { fetchCurrentUser } from './use-auth.ts';

/**
 * The signed-in angler's units (docs/product.md#units), read from the shared user query, so a change in Profile
 * reaches every screen at once and every device follows the account. Imperial (the units the app stores) when nobody is
 * signed in or the kept copy of the user predates the setting. Every display and input of a measurement uses it;
 * the conversions themselves are core/units.ts.
 */
export function useUnits(): UnitSystem {
  const { data } = useQuery({ queryKey: queryKeys.user, queryFn: fetchCurrentUser });
  return unitSystemOr(data?.units);
}
