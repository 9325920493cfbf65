/**
 * Other names anglers use for one species ('Pike' for Northern Pike, 'Mackinaw' for Lake Trout), so that wherever the
 * log groups or filters by species (stats, filters, insights) they count as one, while each catch keeps the name the
 * angler typed. Only names that mean one species wherever they are said: 'Perch', 'Bream' or 'Cod' name different
 * fish in different waters and stay as typed.
 */
import { cleanName, nameKey } from './names.ts';

/** Each species (by its name in core/species.ts) and the other names it goes by. */
const OTHER_NAMES: Readonly<Record<string, readonly string[]>> = {
  'Northern Pike': ['Pike', 'Northern', 'Jackfish', 'Jack Fish', 'Great Northern Pike'],
  'Lake Trout': ['Mackinaw', 'Laker', 'Togue', 'Lake Char', 'Grey Trout', 'Gray Trout'],
  Walleye: ['Walleyed Pike', 'Yellow Pickerel', 'Wall-eye', 'Wall Eye'],
  Muskellunge: ['Musky', 'Muskie'],
  'Largemouth Bass': ['Largemouth', 'Bucketmouth', 'Bigmouth Bass'],
  'Smallmouth Bass': ['Smallmouth', 'Smallie', 'Bronzeback'],
  'Brown Trout': ['Brownie'],
  'Brook Trout': ['Brookie', 'Brook Char', 'Speckled Char'],
  'Rainbow Trout': ['Rainbow', 'Bow'],
  'Chinook Salmon': ['King Salmon', 'Chinook', 'Tyee', 'Spring Salmon'],
  'Coho Salmon': ['Silver Salmon', 'Coho'],
  'Sockeye Salmon': ['Red Salmon', 'Sockeye', 'Blueback Salmon'],
  'Pink Salmon': ['Humpy', 'Humpback Salmon', 'Pinks'],
  'Chum Salmon': ['Dog Salmon', 'Keta'],
  'Striped Bass': ['Striper', 'Linesider'],
  'Mahi-Mahi': ['Dolphinfish', 'Dorado', 'Mahi', 'Mahi Mahi'],
  'Red Drum': ['Redfish', 'Puppy Drum', 'Channel Bass'],
  'Spotted Seatrout': ['Speckled Trout', 'Speck', 'Specks', 'Spotted Sea Trout'],
  Wahoo: ['Ono'],
  'Yellowfin Tuna': ['Ahi', 'Yellowfin'],
  Albacore: ['Longfin Tuna', 'Albacore Tuna'],
  Zander: ['Pikeperch', 'Pike-perch', 'Pike Perch'],
  Burbot: ['Eelpout', 'Lawyer'],
  'Channel Catfish': ['Channel Cat'],
  'Flathead Catfish': ['Flathead Cat', 'Shovelhead'],
  'Blue Catfish': ['Blue Cat'],
  'Black Crappie': ['Calico Bass', 'Speckled Perch'],
  Bluegill: ['Bluegill Sunfish', 'Blue Gill'],
  'Redear Sunfish': ['Shellcracker'],
  'Yellow Perch': ['Ring Perch', 'Lake Perch'],
  'Common Carp': ['European Carp'],
  'Arctic Grayling': ['Grayling'],
  'Chain Pickerel': ['Jack Pickerel'],
  Bowfin: ['Mudfish', 'Grinnel'],
  'King Mackerel': ['Kingfish'],
  'Bluefin Tuna': ['Bluefin'],
  'Skipjack Tuna': ['Skipjack'],
  Tautog: ['Tog'],
  'Summer Flounder': ['Fluke'],
  Sheepshead: ['Convict Fish'],
};

/** The species each other name (by its grouping key) stands for. */
const SPECIES_BY_OTHER_NAME = new Map(
  Object.entries(OTHER_NAMES).flatMap(([species, names]) =>
    names.map((name): [string, string] => [nameKey(name), species]),
  ),
);

/** The species a typed name stands for: 'pike' → 'Northern Pike'; a name with no other meaning, cleaned. */
export function speciesName(typed: string): string {
  return SPECIES_BY_OTHER_NAME.get(nameKey(typed)) ?? cleanName(typed);
}

/**
 * The key a catch is grouped and filtered by species with: 'Pike', 'northern pike' and 'Northern Pike ' share
 * 'northern pike'. Case and spaces do not matter, as for every typed name (core/names.ts).
 */
export function speciesKey(typed: string): string {
  return nameKey(speciesName(typed));
}
