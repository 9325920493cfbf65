import { ErrorBoundary } from '@/components/error-boundary';
import { OnDemand, onDemand } from '@/lib/on-demand';
import { useToolsLocation } from './tools-location.tsx';

/**
 * The Tides card's place on the Tools tab (docs/decisions/035-tides.md). Its code, the tide predictor with it, is
 * a chunk of its own, fetched once the tab has a position: the Tools tab's own code does not grow, and nothing is
 * shown while it loads, because inland (no tide station within reach) the card does not appear at all.
 */
const tidesPanel = onDemand(() => import('./tides-panel.tsx').then((module) => module.TidesPanel), null);

export function TidesCard() {
  const { location } = useToolsLocation();
  if (!location) return null;
  return (
    <ErrorBoundary what="the tides">
      <OnDemand
        source={tidesPanel}
        props={{ position: { latitude: location.latitude, longitude: location.longitude } }}
      />
    </ErrorBoundary>
  );
}
