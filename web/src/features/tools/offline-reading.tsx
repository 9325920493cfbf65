import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { StatusMessage } from './tool-card-parts.tsx';
import { readingAge } from './tools-format.ts';
import { type KeptWeatherReading, newestWeatherReading } from './weather-query.ts';

/**
 * Offline, the weather and barometer cards say at once that they need a connection (decision 007: they stayed on their
 * skeletons for good) and show the newest reading the phone kept, wherever it was taken, with its place and age.
 */

/** The newest weather reading in the query cache; follows the cache (the kept copy is restored after start-up). */
export function useNewestWeatherReading(): KeptWeatherReading | null {
  const client = useQueryClient();
  const [reading, setReading] = useState(() => newestWeatherReading(client));
  useEffect(() => {
    const update = () => {
      const next = newestWeatherReading(client);
      setReading((previous) =>
        previous?.weather === next?.weather && previous?.receivedAt === next?.receivedAt ? previous : next,
      );
    };
    update();
    return client.getQueryCache().subscribe(update);
  }, [client]);
  return reading;
}

/**
 * '<title>' (e.g. 'Weather needs a connection') and, when the phone kept a reading, 'Last reading 2 hours ago at
 * Woodruff, Wisconsin, US' followed by `children` (the reading itself, drawn by the card).
 */
export function OfflineReading({
  title,
  reading,
  children,
}: {
  title: string;
  reading: KeptWeatherReading | null;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4" data-testid="offline-reading">
      <StatusMessage icon={WifiOff} title={title}>
        {reading
          ? "You're offline. It updates by itself when you're back online."
          : "You're offline and no earlier reading is kept on this phone. It loads by itself when you're back online."}
      </StatusMessage>
      {reading ? (
        <section
          aria-label="Last reading"
          className="flex flex-col gap-3 rounded-lg border border-border p-3"
        >
          <p className="text-sm font-medium" data-testid="offline-reading-age">
            {`Last reading ${readingAge(reading.receivedAt)} at ${reading.weather.location}`}
          </p>
          {children}
        </section>
      ) : null}
    </div>
  );
}
