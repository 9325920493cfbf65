import { ErrorBoundary } from '@/components/error-boundary';
import { useAuth } from '@/features/auth/use-auth';
import { OnDemand, onDemand } from '@/lib/on-demand';
import { useToolsLocation } from './tools-location.tsx';

/**
 * The Today card's place on the Tools tab (today-panel.tsx). Its code, insights with it, is a chunk of its own,
 * fetched once the tab has a position and someone is signed in: the Tools tab's own code hardly grows, and nothing
 * is shown while it loads, because with no clear effect in the log the card does not appear at all.
 */
const todayPanel = onDemand(() => import('./today-panel.tsx').then((module) => module.TodayPanel), null);

export function TodayCard() {
  const { location } = useToolsLocation();
  const { user } = useAuth();
  if (!location || !user) return null;
  return (
    <ErrorBoundary what="today's matches">
      <OnDemand
        source={todayPanel}
        props={{ position: { latitude: location.latitude, longitude: location.longitude } }}
      />
    </ErrorBoundary>
  );
}
