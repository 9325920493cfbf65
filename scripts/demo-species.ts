/**
 * The fish of the demo log (`npm run seed:demo`), each with how long anglers catch it and how heavy it is for its
 * length, so that no demo catch is a 10 lb bluegill or an 11 lb kokanee of 11 inches.
 *
 * Weight for length: the species' standard weight equation, log10(Ws) = intercept + slope·log10(L), i.e.
 * Ws = a·L^b with a = 10^intercept and b = slope. A standard weight is what a fish of that length weighs at the 75th
 * percentile over many populations of its species; the coefficients are the published ones, as compiled in the
 * `WSlit` table of the FSA package for R (Ogle et al.), with the paper each comes from. A demo fish weighs its
 * standard weight times a relative weight drawn around 0.92 (most wild fish sit between 0.8 and 1.05 of Ws): the
 * natural spread of thin and fat fish.
 *
 * Length: from the species' 'stock' length (the smallest fish counted in a sample) to its 'trophy' length, the
 * length categories of fisheries science (Gabelhouse 1984 and later, as compiled in FSA's `PSDlit`), most catches
 * near the small end; panfish start where they weigh a tenth of a pound, the precision the app shows. Where no
 * category exists (salmon and steelhead back from the sea, white sturgeon, European perch) the range is that of the
 * adults anglers catch, and says so.
 */

/** A standard weight equation: log10(W) = intercept + slope·log10(L) + quadratic·log10(L)². */
interface StandardWeight {
  intercept: number;
  slope: number;
  quadratic?: number;
  /** 'in-lb': total length in inches, weight in pounds; 'mm-g': millimetres and grams. */
  units: 'in-lb' | 'mm-g';
  /** Where the coefficients were published. */
  source: string;
}

export interface DemoSpecies {
  /** As the angler logs it (a name of the bundled species list, core/species.ts). */
  name: string;
  standardWeight: StandardWeight;
  /** Lengths (inches, total length unless the equation is for fork length) the demo's catches fall between. */
  catchLength: { from: number; to: number };
}

const GRAMS_PER_POUND = 453.59237;
const MM_PER_INCH = 25.4;

/** The standard weight (lb) of a fish of `lengthIn` inches. */
export function standardWeightLb(species: DemoSpecies, lengthIn: number): number {
  const { intercept, slope, quadratic = 0, units } = species.standardWeight;
  const length = units === 'in-lb' ? lengthIn : lengthIn * MM_PER_INCH;
  const log = Math.log10(length);
  const weight = 10 ** (intercept + slope * log + quadratic * log * log);
  return units === 'in-lb' ? weight : weight / GRAMS_PER_POUND;
}

export const DEMO_SPECIES = {
  rainbowTroutLake: {
    name: 'Rainbow Trout',
    standardWeight: {
      intercept: -3.354,
      slope: 2.99,
      units: 'in-lb',
      source: 'Simpkins & Hubert 1996 (lentic)',
    },
    catchLength: { from: 10, to: 31 },
  },
  rainbowTroutRiver: {
    name: 'Rainbow Trout',
    standardWeight: {
      intercept: -3.432,
      slope: 3.024,
      units: 'in-lb',
      source: 'Simpkins & Hubert 1996 (lotic)',
    },
    catchLength: { from: 10, to: 31 },
  },
  lakeTrout: {
    name: 'Lake Trout',
    standardWeight: { intercept: -3.778, slope: 3.246, units: 'in-lb', source: 'Piccolo et al. 1993' },
    catchLength: { from: 12, to: 39 },
  },
  kokanee: {
    name: 'Kokanee',
    standardWeight: { intercept: -3.458, slope: 3.033, units: 'in-lb', source: 'Hyatt & Hubert 2000' },
    catchLength: { from: 8, to: 20 },
  },
  walleye: {
    name: 'Walleye',
    standardWeight: { intercept: -3.642, slope: 3.18, units: 'in-lb', source: 'Murphy et al. 1990' },
    catchLength: { from: 10, to: 30 },
  },
  smallmouthBass: {
    name: 'Smallmouth Bass',
    standardWeight: { intercept: -3.491, slope: 3.2, units: 'in-lb', source: 'Kolander et al. 1993' },
    catchLength: { from: 7, to: 20 },
  },
  northernPike: {
    name: 'Northern Pike',
    standardWeight: { intercept: -3.745, slope: 3.096, units: 'in-lb', source: 'Anderson & Neumann 1996' },
    catchLength: { from: 14, to: 44 },
  },
  largemouthBass: {
    name: 'Largemouth Bass',
    standardWeight: { intercept: -3.587, slope: 3.273, units: 'in-lb', source: 'Henson 1991' },
    catchLength: { from: 8, to: 25 },
  },
  blackCrappie: {
    name: 'Black Crappie',
    standardWeight: { intercept: -3.576, slope: 3.345, units: 'in-lb', source: 'Neumann & Murphy 1991' },
    catchLength: { from: 7, to: 15 },
  },
  bluegill: {
    name: 'Bluegill',
    standardWeight: { intercept: -3.371, slope: 3.316, units: 'in-lb', source: 'Hillman 1982' },
    catchLength: { from: 6, to: 12 },
  },
  chinookSalmon: {
    name: 'Chinook Salmon',
    standardWeight: { intercept: -3.243, slope: 2.901, units: 'in-lb', source: 'Halseth et al. 1990' },
    // Adults returning up the Columbia (no length categories for sea-run fish).
    catchLength: { from: 24, to: 44 },
  },
  steelhead: {
    name: 'Steelhead',
    // Sea-run rainbow trout: the river rainbow's equation.
    standardWeight: {
      intercept: -3.432,
      slope: 3.024,
      units: 'in-lb',
      source: 'Simpkins & Hubert 1996 (lotic)',
    },
    // Adults returning from the sea.
    catchLength: { from: 22, to: 36 },
  },
  whiteSturgeon: {
    name: 'White Sturgeon',
    // Fork length, as sturgeon are measured on the Columbia.
    standardWeight: {
      intercept: -3.912,
      slope: 3.232,
      units: 'in-lb',
      source: 'Beamesderfer 1993 (fork length)',
    },
    // The equation holds from 27.5 in; the fish anglers land, up to the big ones they release.
    catchLength: { from: 30, to: 84 },
  },
  europeanPerch: {
    name: 'European Perch',
    standardWeight: {
      intercept: -3.1483,
      slope: 1.2663,
      quadratic: 0.4291,
      units: 'mm-g',
      source: 'Giannetto et al. 2012 (80-460 mm)',
    },
    // Within the equation's range (3.1-18.1 in).
    catchLength: { from: 7, to: 17 },
  },
  brownTroutLake: {
    name: 'Brown Trout',
    standardWeight: {
      intercept: -3.592,
      slope: 3.194,
      units: 'in-lb',
      source: 'Hyatt & Hubert 2001 (lentic)',
    },
    catchLength: { from: 8, to: 24 },
  },
  brownTroutRiver: {
    name: 'Brown Trout',
    standardWeight: {
      intercept: -3.366,
      slope: 2.96,
      units: 'in-lb',
      source: 'Milewski & Brown 1994 (lotic)',
    },
    catchLength: { from: 7, to: 18 },
  },
} as const satisfies Record<string, DemoSpecies>;

/** Real lakes and rivers with the fish people catch there, for believable demo data. */
export const DEMO_WATERS: readonly {
  name: string;
  lat: number;
  lon: number;
  fish: readonly DemoSpecies[];
}[] = [
  {
    name: 'Lake Tahoe, US',
    lat: 39.0968,
    lon: -120.0324,
    fish: [DEMO_SPECIES.rainbowTroutLake, DEMO_SPECIES.lakeTrout, DEMO_SPECIES.kokanee],
  },
  {
    name: 'Lake Mille Lacs, US',
    lat: 46.2425,
    lon: -93.6427,
    fish: [DEMO_SPECIES.walleye, DEMO_SPECIES.smallmouthBass, DEMO_SPECIES.northernPike],
  },
  {
    name: 'Lake Okeechobee, US',
    lat: 26.9451,
    lon: -80.8345,
    fish: [DEMO_SPECIES.largemouthBass, DEMO_SPECIES.blackCrappie, DEMO_SPECIES.bluegill],
  },
  {
    name: 'Columbia River, US',
    lat: 45.6066,
    lon: -121.1787,
    fish: [DEMO_SPECIES.chinookSalmon, DEMO_SPECIES.steelhead, DEMO_SPECIES.whiteSturgeon],
  },
  {
    name: 'Lake Vänern, SE',
    lat: 58.9,
    lon: 13.2,
    fish: [DEMO_SPECIES.northernPike, DEMO_SPECIES.europeanPerch, DEMO_SPECIES.brownTroutLake],
  },
  {
    name: 'River Test, GB',
    lat: 51.0586,
    lon: -1.4977,
    fish: [DEMO_SPECIES.brownTroutRiver, DEMO_SPECIES.rainbowTroutRiver],
  },
];
