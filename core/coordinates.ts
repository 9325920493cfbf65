import { z } from 'zod';

export const COORDINATES_REQUIRED = 'Latitude and longitude are required';

function coordinate(label: string, limit: number) {
  return z
    .string({ error: COORDINATES_REQUIRED })
    .trim()
    .min(1, COORDINATES_REQUIRED)
    .transform(Number)
    .pipe(
      z
        .number()
        .refine(Number.isFinite, `${label} must be a number between -${limit} and ${limit}`)
        .refine((value) => Math.abs(value) <= limit, `${label} must be a number between -${limit} and ${limit}`),
    );
}

/** `?lat=&lon=` of the weather and reverse-geocode calls (SPEC §5: both are required). */
export const coordinatesQuerySchema = z.object({
  lat: coordinate('Latitude', 90),
  lon: coordinate('Longitude', 180),
});
export type Coordinates = z.infer<typeof coordinatesQuerySchema>;
