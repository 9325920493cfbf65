/**
 * The biggest known fish of the bundled species (core/species.ts), so the Log form and the edit dialog can ask
 * "Are you sure?" before saving a catch beyond them (a 10 lb bluegill is a typo of 1.0 far more often than a world
 * record). Never a refusal: records are broken, and a name can mean more than one fish.
 *
 * Weight in lbs, length in inches (the API's units, docs/product.md#catch): the heavier and the longer of the
 * IGFA all-tackle record and the largest fish science has measured (FishBase's maximum), rounded up. A family
 * name (Bass, Trout, Catfish…) takes its largest member's figures, a name shared by several fish the largest's.
 * No length where none is known reliably. Species missing here are never questioned.
 */
export interface SpeciesRecord {
  /** lbs */
  weight: number;
  /** inches, when known */
  length?: number;
}

const RECORDS: Record<string, readonly [weight: number, length?: number]> = {
  // Black basses and other basses
  'Largemouth Bass': [22.3, 38],
  'Smallmouth Bass': [12, 27],
  'Spotted Bass': [10.3, 25],
  'Guadalupe Bass': [3.8, 17],
  'Peacock Bass': [29.1, 39],
  'Striped Bass': [82, 79],
  'Hybrid Striped Bass': [27.3, 35],
  'White Bass': [6.9, 18],
  'Rock Bass': [3, 17],
  'Black Sea Bass': [10.3, 26],
  Bass: [82, 79],
  // Sunfishes and crappies
  Bluegill: [4.8, 16.5],
  Pumpkinseed: [1.6, 16],
  'Green Sunfish': [2.2, 12.5],
  'Redear Sunfish': [6.5, 17],
  Warmouth: [2.5, 12.5],
  Sunfish: [6.5, 17],
  'Black Crappie': [6, 19.5],
  'White Crappie': [5.2, 21],
  Crappie: [6, 21],
  // Perches, walleye
  'Yellow Perch': [4.2, 20],
  'European Perch': [10.5, 24],
  'White Perch': [3.1, 23],
  Perch: [10.5, 24],
  Walleye: [25, 42],
  Sauger: [8.8, 30],
  Zander: [44, 51],
  // Pikes
  'Northern Pike': [62.5, 59],
  Pike: [62.5, 59],
  Muskellunge: [70, 72],
  'Tiger Muskie': [51.2, 54],
  'Chain Pickerel': [9.4, 39],
  // Trouts, chars, salmon, graylings, whitefish
  'Rainbow Trout': [53, 48],
  Steelhead: [53, 48],
  'Brown Trout': [45, 55],
  'Sea Trout': [45, 55],
  'Brook Trout': [14.5, 34],
  'Lake Trout': [102, 59],
  'Cutthroat Trout': [41, 39],
  'Golden Trout': [11.3, 28],
  'Bull Trout': [32, 41],
  'Dolly Varden': [40, 50],
  Trout: [102, 59],
  'Arctic Char': [32.6, 42],
  Kokanee: [9.5, 33],
  'Chinook Salmon': [126, 59],
  'Coho Salmon': [33.3, 43],
  'Atlantic Salmon': [103, 59],
  'Sockeye Salmon': [16, 33],
  'Pink Salmon': [15, 30],
  'Chum Salmon': [42, 43],
  Salmon: [126, 59],
  'Arctic Grayling': [6, 30],
  Grayling: [15, 30],
  'Lake Whitefish': [15.6, 39],
  Whitefish: [16, 39],
  Cisco: [7.4, 22.5],
  // Catfishes
  'Channel Catfish': [58, 52],
  'Blue Catfish': [143, 65],
  'Flathead Catfish': [123, 61],
  'White Catfish': [19.3, 37],
  'Wels Catfish': [310],
  Catfish: [650],
  'Yellow Bullhead': [6.4, 19],
  'Brown Bullhead': [7.4, 21],
  'Black Bullhead': [8.1, 26],
  Bullhead: [8.1, 26],
  // Carps, suckers and other coarse fish
  'Common Carp': [115, 48],
  'Grass Carp': [100, 59],
  Carp: [115, 59],
  'Bigmouth Buffalo': [80, 49],
  'Smallmouth Buffalo': [82.2],
  Tench: [16.5, 28],
  Roach: [4.5, 20],
  Barbel: [26.5, 47],
  Chub: [18, 32],
  Bream: [20, 32],
  // Other freshwater fish
  'Freshwater Drum': [54.5, 37],
  Bowfin: [21.5, 43],
  'Longnose Gar': [50.3, 79],
  'Alligator Gar': [327, 120],
  Burbot: [25.2, 60],
  'Lake Sturgeon': [310, 108],
  'White Sturgeon': [1800, 240],
  Paddlefish: [165, 87],
  'American Shad': [11.3, 30],
  // Saltwater
  'Red Drum': [94.2, 61],
  Redfish: [94.2, 61],
  'Spotted Seatrout': [17.5, 39],
  Weakfish: [19.2, 39],
  'Common Snook': [57, 56],
  Snook: [57, 56],
  Tarpon: [287, 98],
  Bluefish: [31.8, 51],
  'Summer Flounder': [22.5, 37],
  Flounder: [23, 37],
  'Pacific Halibut': [800, 105],
  Halibut: [800, 185],
  Cobia: [135.6, 79],
  'Mahi-Mahi': [88, 83],
  'Yellowfin Tuna': [427, 94],
  Sheepshead: [21.3, 36],
  'King Mackerel': [93, 72],
  'Spanish Mackerel': [13, 36],
  'Atlantic Cod': [211, 79],
  Lingcod: [130, 60],
};

/** How a typed name is compared: case, spaces and hyphens do not matter ('mahi mahi', 'Mahi-Mahi'). */
function speciesKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, ' ');
}

const BY_KEY = new Map(
  Object.entries(RECORDS).map(([name, [weight, length]]) => [
    speciesKey(name),
    { name, record: length === undefined ? { weight } : { weight, length } },
  ]),
);

/** Every species with a record, by its name in core/species.ts. */
export const SPECIES_WITH_RECORDS: readonly string[] = Object.keys(RECORDS);

/** The record of a fish type as typed, with the species' own name; null when none is kept for it. */
export function speciesRecord(fishType: string): { name: string; record: SpeciesRecord } | null {
  return BY_KEY.get(speciesKey(fishType)) ?? null;
}

/** A measurement beyond the species' record: what was typed (in imperial units, as stored) and the record. */
export interface BeyondRecord {
  field: 'weight' | 'length';
  species: string;
  value: number;
  record: number;
}

/**
 * The measurements of a catch (lbs, inches; null when not given) that are beyond its species' record: none for a
 * species without one.
 */
export function beyondRecords(
  fishType: string,
  weight: number | null,
  length: number | null,
): BeyondRecord[] {
  const known = speciesRecord(fishType);
  if (!known) return [];
  const beyond: BeyondRecord[] = [];
  const { name: species, record } = known;
  if (weight !== null && weight > record.weight) {
    beyond.push({ field: 'weight', species, value: weight, record: record.weight });
  }
  if (length !== null && record.length !== undefined && length > record.length) {
    beyond.push({ field: 'length', species, value: length, record: record.length });
  }
  return beyond;
}
