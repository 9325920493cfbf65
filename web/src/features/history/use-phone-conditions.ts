import { useEffect, useState } from 'react';
import { loadWhenOnline } from '@/lib/load-when-online';
import { phoneTimeZone } from '@/lib/phone-time-zone';
import type { PhoneConditions } from './history-merge.ts';

/** The astronomy is a chunk of its own (docs/decisions/023-lean-front-end.md), precached for offline use. */
const loadPhoneConditions = () => loadWhenOnline(() => import('./offline-conditions.ts'));

/**
 * The phone's way to work out the sky of a catch it still holds (offline-conditions.ts), once `needed` (History
 * shows such a catch); null until its code has loaded.
 */
export function usePhoneConditions(needed: boolean): PhoneConditions | null {
  const [conditionsOf, setConditionsOf] = useState<PhoneConditions | null>(null);
  useEffect(() => {
    if (!needed || conditionsOf !== null) return;
    let cancelled = false;
    void loadPhoneConditions().then(({ phoneConditions }) => {
      if (cancelled) return;
      const zone = phoneTimeZone();
      const conditionsOfPayload: PhoneConditions = (payload) => phoneConditions(payload, zone);
      setConditionsOf(() => conditionsOfPayload);
    });
    return () => {
      cancelled = true;
    };
  }, [needed, conditionsOf]);
  return conditionsOf;
}
