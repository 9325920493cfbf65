import { z } from 'zod';

const COORDINATES_REQUIRED = 'Latitude and longitude are required';

function coordinate(label: string, limit: number) {
  const outOfRange = `${label} must be a number between -${limit} and ${limit}`;
  return z
    .string({ error: COORDINATES_REQUIRED })
    .trim()
    .min(1, COORDINATES_REQUIRED)
    .transform(Number)
    .pipe(z.number({ error: outOfRange }).min(-limit, outOfRange).max(limit, outOfRange));
}

/** `?lat=&lon=` of the weather and reverse-geocode calls (docs/product.md#weather: both are required). */
export const coordinatesQuerySchema = z.object({
  lat: coordinate('Latitude', 90),
  lon: coordinate('Longitude', 180),
});
