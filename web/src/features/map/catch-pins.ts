import type { Catch } from '#core/catch.ts';
import { formatCatchDate } from '../catches/catch-format.ts';
import type { MapPin } from './catch-map.tsx';
import { withCoordinates } from './map-clusters.ts';

/** A pin for each catch with a position, named 'Walleye, Apr 3, 2025' for a screen reader; catches without one are left out. */
export function catchPins(catches: readonly Catch[]): MapPin<Catch>[] {
  return withCoordinates(catches).map((item) => ({
    item,
    latitude: item.latitude,
    longitude: item.longitude,
    label: `${item.fishType}, ${formatCatchDate(item.catchDate)}`,
  }));
}
