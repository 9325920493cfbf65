import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import type { PressureTendency } from '#core/catch-conditions.ts';

/** A pressure tendency's arrow, as the barometer card draws its trend; always shown with words for screen readers. */
export const TENDENCY_ICONS: Record<PressureTendency, typeof TrendingUp> = {
  rising: TrendingUp,
  falling: TrendingDown,
  steady: Minus,
};
