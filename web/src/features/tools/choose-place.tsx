import { MapPin, Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type PlaceMatch, parseCoordinates } from '#core/places.ts';
import { searchPlaces } from '@/api/tools-endpoints';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useToolsLocation } from './tools-location.tsx';

/** '39.10°N, 120.03°W': typed coordinates as the cards name them. */
function coordinatesName(latitude: number, longitude: number): string {
  const part = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(2)}°${value >= 0 ? positive : negative}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

/**
 * Weather for a place of the angler's choosing, where the device's position is not to be had (location denied or
 * unavailable): a town looked up in the server's own place list, or typed coordinates
 * (docs/decisions/026-choosing-a-place.md).
 */
export function ChoosePlace() {
  const { choosePlace } = useToolsLocation();
  const id = useId();
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<PlaceMatch[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMatches(null);
    setMessage(null);
    const typed = text.trim();
    const coordinates = parseCoordinates(typed);
    if (coordinates) {
      choosePlace({ name: coordinatesName(coordinates.latitude, coordinates.longitude), ...coordinates });
      return;
    }
    if (typed.length < 2) {
      setMessage('Type a town, or coordinates such as 39.10, -120.03.');
      return;
    }
    setSearching(true);
    try {
      const found = await searchPlaces(typed);
      if (found.length === 0) {
        setMessage(`No town called “${typed}” in our list. Try a town nearby, or type coordinates.`);
      } else if (found.length === 1 && found[0]) {
        choosePlace(found[0]);
      } else {
        setMatches(found);
      }
    } catch {
      setMessage(
        navigator.onLine
          ? 'Could not look the place up. Please try again.'
          : "You're offline: finding a town needs a connection.",
      );
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-border pt-4 text-left">
      <form onSubmit={find} className="flex flex-col gap-1.5" aria-label="Choose a place">
        <Label htmlFor={`${id}-place`}>Or choose a place for the weather</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-place`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Town, or 39.10, -120.03"
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={message ? `${id}-message` : undefined}
          />
          <Button type="submit" variant="outline" className="shrink-0" disabled={searching}>
            {searching ? <Spinner /> : <Search aria-hidden="true" />}
            Find
          </Button>
        </div>
      </form>
      {message ? (
        <p id={`${id}-message`} role="status" className="text-sm text-muted-foreground">
          {message}
        </p>
      ) : null}
      {matches ? (
        <ul aria-label="Places found" className="flex flex-col gap-1">
          {matches.map((place) => (
            <li key={`${place.name}@${place.latitude},${place.longitude}`}>
              <Button
                type="button"
                variant="ghost"
                className="h-auto w-full justify-start py-2 text-left whitespace-normal"
                onClick={() => choosePlace(place)}
              >
                <MapPin aria-hidden="true" className="text-primary" />
                {place.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** While a chosen place stands in for the device's position: which one, and a way back to the device. */
export function ChosenPlaceNote() {
  const { chosenPlace, choosePlace } = useToolsLocation();
  if (!chosenPlace) return null;
  return (
    <p className="mb-3 flex flex-wrap items-center gap-x-2 text-sm" data-testid="chosen-place">
      <span>
        Chosen place: <span className="font-medium">{chosenPlace.name}</span>
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="h-auto px-1 py-0.5 text-primary underline"
        onClick={() => choosePlace(null)}
      >
        Use my location
      </Button>
    </p>
  );
}
