import { AppFooter } from '@/components/app-footer';
import { BarometerCard } from './barometer-card.tsx';
import { CompassCard } from './compass-card.tsx';
import { GearCard } from './gear-card.tsx';
import { HelpSupportCard } from './help-support-card.tsx';
import { MerchCards } from './merch-cards.tsx';
import { ProAppCard } from './pro-app-card.tsx';
import { SunMoonCard } from './sun-moon-card.tsx';
import { TidesCard } from './tides-card.tsx';
import { TodayCard } from './today-card.tsx';
import { ToolsLocationProvider } from './tools-location.tsx';
import { WeatherCard } from './weather-card.tsx';

/**
 * The Tools tab (docs/product.md#tools): weather, barometer, sun and moon (decision 011), tides, today against the
 * angler's log (today-card.tsx), gear recommendations and compass, the Get Pro App card, the shop cards, Help &
 * Support and the footer. The weather, barometer, sun and moon, and gear cards share one device position
 * (tools-location.tsx).
 */
export function ToolsTab() {
  return (
    <ToolsLocationProvider>
      <div className="flex flex-col gap-4">
        <h2 className="sr-only">Fishing Tools</h2>
        <WeatherCard />
        <BarometerCard />
        <SunMoonCard />
        <TidesCard />
        <TodayCard />
        <GearCard />
        <CompassCard />
        <ProAppCard />
        <MerchCards />
        <HelpSupportCard />
        <AppFooter />
      </div>
    </ToolsLocationProvider>
  );
}
