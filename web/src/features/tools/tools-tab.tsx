import { Compass, Gauge, Shirt, Sun } from 'lucide-react';
import { AppFooter } from '@/components/app-footer';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const COMING = [
  { icon: Sun, name: 'Weather', text: 'Current conditions where you fish' },
  { icon: Gauge, name: 'Barometer', text: 'Pressure trend with a fishing insight' },
  { icon: Shirt, name: 'Gear', text: 'Recommendations for the weather' },
  { icon: Compass, name: 'Compass', text: 'Heading in degrees and points' },
];

/** The Tools tab. A placeholder until issue #3 brings the weather, barometer, gear and compass cards. */
export function ToolsTab() {
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Fishing Tools</CardTitle>
          <CardDescription>
            Weather, barometer, gear recommendations and a compass are coming soon.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid grid-cols-2 gap-3">
            {COMING.map(({ icon: Icon, name, text }) => (
              <li key={name} className="rounded-lg border border-border bg-background p-3">
                <Icon aria-hidden="true" className="mb-1.5 size-5 text-primary" />
                <p className="text-sm font-semibold">{name}</p>
                <p className="text-xs text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <AppFooter />
    </div>
  );
}
