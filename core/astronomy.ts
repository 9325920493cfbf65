/**
 * Sun and moon for a place and a day, computed on the phone with no network (docs/product.md#sun-and-moon;
 * docs/decisions/011-sun-moon-stats-species.md): sunrise, sunset, civil twilight, moonrise, moonset, the moon's phase and
 * illumination, and the moon's passes overhead and underfoot (which the solunar folklore reads).
 *
 * Positions follow Jean Meeus, "Astronomical Algorithms" (2nd ed.): the sun by the low-accuracy solar
 * coordinates of chapter 25 (0.01°, the basis of NOAA's solar calculator), the moon by the principal terms of
 * chapter 47's series (a few arc-seconds), nutation by chapter 22's short series, sidereal time by chapter 12.
 * Rise and set are found the way almanacs define them: the sun's centre at -0.833° (refraction and the upper
 * limb), -6° for civil twilight, and the moon at 0.7275·parallax - 0.5667° (chapter 15), located by scanning the
 * day and bisecting each crossing to a second. Tested against the US Naval Observatory's tables.
 */

export interface Place {
  latitude: number;
  longitude: number;
}

/** The span of one calendar day: from its midnight to the next (23 or 25 hours on a clock change). */
export interface DayWindow {
  start: Date;
  end: Date;
}

/**
 * A body's rise and set within a day. `rise` or `set` is null when it does not happen that day; when neither
 * happens, the body stays up (`alwaysUp`) or down (`alwaysDown`) the whole day (polar day and night).
 */
export interface RiseSet {
  rise: Date | null;
  set: Date | null;
  alwaysUp: boolean;
  alwaysDown: boolean;
}

export interface SunDay {
  /** Sunrise and sunset. */
  sun: RiseSet;
  /** Civil twilight: `rise` is dawn (first light), `set` is dusk (last light); the sun 6° below the horizon. */
  civilTwilight: RiseSet;
}

export interface MoonDay extends RiseSet {
  /** Upper transits: the moon due south (north, south of the tropics) at its highest, 'overhead'. */
  overhead: Date[];
  /** Lower transits: the moon on the meridian on the far side of the Earth, 'underfoot'. */
  underfoot: Date[];
}

export type MoonPhaseName =
  | 'New Moon'
  | 'Waxing Crescent'
  | 'First Quarter'
  | 'Waxing Gibbous'
  | 'Full Moon'
  | 'Waning Gibbous'
  | 'Last Quarter'
  | 'Waning Crescent';

export interface MoonPhase {
  /** The principal phase when its instant falls within the day (as almanacs name days), else the in-between one. */
  name: MoonPhaseName;
  /** Illuminated fraction of the disk at the moment asked for, 0 to 1. */
  illumination: number;
  waxing: boolean;
  /** The instant of the day's principal phase (new, first quarter, full, last quarter), or null. */
  principalAt: Date | null;
}

export interface SolunarPeriod {
  /** 'major': the moon overhead or underfoot (about 2 hours); 'minor': moonrise or moonset (about 1 hour). */
  kind: 'major' | 'minor';
  start: Date;
  end: Date;
}

export interface SkyDay {
  day: DayWindow;
  sun: SunDay;
  moon: MoonDay;
  phase: MoonPhase;
  solunar: SolunarPeriod[];
}

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How often a day is sampled for crossings: short enough that no rise and set of the same body fall between. */
const SCAN_STEP_MS = 10 * MINUTE_MS;
/** Crossings are narrowed down to this. */
const PRECISION_MS = 1000;
/** The sun's altitude (degrees) at sunrise and sunset, and at the first and last light of civil twilight. */
export const SUNRISE_ALTITUDE = -0.8333;
export const CIVIL_TWILIGHT_ALTITUDE = -6;
const EARTH_RADIUS_KM = 6378.14;
const AU_KM = 149_597_870.7;

const sin = (deg: number) => Math.sin(deg * RAD);
const cos = (deg: number) => Math.cos(deg * RAD);
const normalize = (deg: number) => ((deg % 360) + 360) % 360;
/** An angle as -180 to 180. */
const signedAngle = (deg: number) => normalize(deg + 180) - 180;

/** The phone's calendar day that contains `moment`, from its local midnight to the next. */
export function localDayWindow(moment: Date): DayWindow {
  const start = new Date(moment.getFullYear(), moment.getMonth(), moment.getDate());
  const end = new Date(moment.getFullYear(), moment.getMonth(), moment.getDate() + 1);
  return { start, end };
}

function checkPlace({ latitude, longitude }: Place): void {
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) {
    throw new RangeError(`latitude must be -90 to 90, got ${latitude}`);
  }
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) {
    throw new RangeError(`longitude must be -180 to 180, got ${longitude}`);
  }
}

function checkWindow({ start, end }: DayWindow): void {
  if (!(end.getTime() > start.getTime())) throw new RangeError('the day must end after it starts');
}

/** Julian centuries since J2000.0 of a Julian day. */
const centuries = (julianDay: number) => (julianDay - 2_451_545) / 36_525;

/** TT − UT in seconds (Espenak and Meeus's polynomial for 2005–2050; held at its ends outside them). */
function deltaTSeconds(ms: number): number {
  const years = Math.min(Math.max(1970 + ms / (365.2425 * DAY_MS), 2005), 2050) - 2000;
  return 62.92 + 0.32217 * years + 0.005589 * years * years;
}

/** The moment as Julian days in Universal Time and in Terrestrial Time (which the ephemerides use). */
function julianDays(ms: number): { ut: number; tt: number } {
  const ut = ms / DAY_MS + 2_440_587.5;
  return { ut, tt: ut + deltaTSeconds(ms) / 86_400 };
}

export interface Nutation {
  /** Nutation in longitude, degrees. */
  longitude: number;
  /** True obliquity of the ecliptic, degrees. */
  obliquity: number;
}

/** Meeus 22: the nutation's main terms (0.5" in longitude, 0.1" in obliquity) and the true obliquity. */
function nutation(T: number): Nutation {
  const omega = 125.04452 - 1934.136261 * T;
  const sunMean = 280.4665 + 36000.7698 * T;
  const moonMean = 218.3165 + 481267.8813 * T;
  const inLongitude =
    -17.2 * sin(omega) - 1.32 * sin(2 * sunMean) - 0.23 * sin(2 * moonMean) + 0.21 * sin(2 * omega);
  const inObliquity =
    9.2 * cos(omega) + 0.57 * cos(2 * sunMean) + 0.1 * cos(2 * moonMean) - 0.09 * cos(2 * omega);
  const meanObliquity = 23 + 26 / 60 + (21.448 - T * (46.815 + T * (0.00059 - T * 0.001813))) / 3600;
  return { longitude: inLongitude / 3600, obliquity: meanObliquity + inObliquity / 3600 };
}

export interface Ecliptic {
  /** Apparent geocentric longitude and latitude, degrees. */
  longitude: number;
  latitude: number;
  distanceKm: number;
}

/** Meeus 25 (low accuracy): the sun's apparent longitude, with nutation and aberration. */
function sunEcliptic(T: number, nutationInLongitude: number): Ecliptic {
  const meanLongitude = 280.46646 + 36000.76983 * T + 0.0003032 * T * T;
  const meanAnomaly = 357.52911 + 35999.05029 * T - 0.0001537 * T * T;
  const eccentricity = 0.016708634 - 0.000042037 * T - 0.0000001267 * T * T;
  const center =
    (1.914602 - 0.004817 * T - 0.000014 * T * T) * sin(meanAnomaly) +
    (0.019993 - 0.000101 * T) * sin(2 * meanAnomaly) +
    0.000289 * sin(3 * meanAnomaly);
  const trueAnomaly = meanAnomaly + center;
  const distanceAu =
    (1.000001018 * (1 - eccentricity * eccentricity)) / (1 + eccentricity * cos(trueAnomaly));
  const aberration = -20.4898 / 3600 / distanceAu;
  return {
    longitude: normalize(meanLongitude + center + nutationInLongitude + aberration),
    latitude: 0,
    distanceKm: distanceAu * AU_KM,
  };
}

/**
 * Meeus table 47.A: multiples of D, M, M', F, then the sine coefficient for longitude (1e-6°) and the cosine
 * coefficient for distance (1e-3 km). The principal terms, down to about 0.0003°.
 */
const MOON_LONGITUDE_DISTANCE: ReadonlyArray<readonly [number, number, number, number, number, number]> = [
  [0, 0, 1, 0, 6288774, -20905355],
  [2, 0, -1, 0, 1274027, -3699111],
  [2, 0, 0, 0, 658314, -2955968],
  [0, 0, 2, 0, 213618, -569925],
  [0, 1, 0, 0, -185116, 48888],
  [0, 0, 0, 2, -114332, -3149],
  [2, 0, -2, 0, 58793, 246158],
  [2, -1, -1, 0, 57066, -152138],
  [2, 0, 1, 0, 53322, -170733],
  [2, -1, 0, 0, 45758, -204586],
  [0, 1, -1, 0, -40923, -129620],
  [1, 0, 0, 0, -34720, 108743],
  [0, 1, 1, 0, -30383, 104755],
  [2, 0, 0, -2, 15327, 10321],
  [0, 0, 1, 2, -12528, 0],
  [0, 0, 1, -2, 10980, 79661],
  [4, 0, -1, 0, 10675, -34782],
  [0, 0, 3, 0, 10034, -23210],
  [4, 0, -2, 0, 8548, -21636],
  [2, 1, -1, 0, -7888, 24208],
  [2, 1, 0, 0, -6766, 30824],
  [1, 0, -1, 0, -5163, -8379],
  [1, 1, 0, 0, 4987, -16675],
  [2, -1, 1, 0, 4036, -12831],
  [2, 0, 2, 0, 3994, -10445],
  [4, 0, 0, 0, 3861, -11650],
  [2, 0, -3, 0, 3665, 14403],
  [0, 1, -2, 0, -2689, -7003],
  [2, 0, -1, 2, -2602, 0],
  [2, -1, -2, 0, 2390, 10056],
  [1, 0, 1, 0, -2348, 6322],
  [2, -2, 0, 0, 2236, -9884],
  [0, 1, 2, 0, -2120, 5751],
  [0, 2, 0, 0, -2069, -4950],
  [2, -2, -1, 0, 2048, 4130],
  [2, 0, 1, -2, -1773, 0],
  [2, 0, 0, 2, -1595, 0],
  [4, -1, -1, 0, 1215, -3958],
  [0, 0, 2, 2, -1110, 0],
  [3, 0, -1, 0, -892, 3258],
  [2, 1, 1, 0, -810, 2616],
  [4, -1, -2, 0, 759, -1897],
  [0, 2, -1, 0, -713, -2117],
  [2, 2, -1, 0, -700, 2354],
  [2, 1, -2, 0, 691, 0],
  [2, -1, 0, -2, 596, 0],
  [4, 0, 1, 0, 549, -1423],
  [0, 0, 4, 0, 537, -1117],
  [4, -1, 0, 0, 520, -1571],
  [1, 0, -2, 0, -487, -1739],
  [2, 1, 0, -2, -399, 0],
  [0, 0, 2, -2, -381, -4421],
  [1, 1, 1, 0, 351, 0],
  [3, 0, -2, 0, -340, 0],
  [4, 0, -3, 0, 330, 0],
  [2, -1, 2, 0, 327, 0],
  [0, 2, 1, 0, -323, 1165],
  [1, 1, -1, 0, 299, 0],
  [2, 0, 3, 0, 294, 0],
  [2, 0, -1, -2, 0, 8752],
];

/** Meeus table 47.B: multiples of D, M, M', F and the sine coefficient for latitude (1e-6°), principal terms. */
const MOON_LATITUDE: ReadonlyArray<readonly [number, number, number, number, number]> = [
  [0, 0, 0, 1, 5128122],
  [0, 0, 1, 1, 280602],
  [0, 0, 1, -1, 277693],
  [2, 0, 0, -1, 173237],
  [2, 0, -1, 1, 55413],
  [2, 0, -1, -1, 46271],
  [2, 0, 0, 1, 32573],
  [0, 0, 2, 1, 17198],
  [2, 0, 1, -1, 9266],
  [0, 0, 2, -1, 8822],
  [2, -1, 0, -1, 8216],
  [2, 0, -2, -1, 4324],
  [2, 0, 1, 1, 4200],
  [2, 1, 0, -1, -3359],
  [2, -1, -1, 1, 2463],
  [2, -1, 0, 1, 2211],
  [2, -1, -1, -1, 2065],
  [0, 1, -1, -1, -1870],
  [4, 0, -1, -1, 1828],
  [0, 1, 0, 1, -1794],
  [0, 0, 0, 3, -1749],
  [0, 1, -1, 1, -1565],
  [1, 0, 0, 1, -1491],
  [0, 1, 1, 1, -1475],
  [0, 1, 1, -1, -1410],
  [0, 1, 0, -1, -1344],
  [1, 0, 0, -1, -1335],
  [0, 0, 3, 1, 1107],
  [4, 0, 0, -1, 1021],
  [4, 0, -1, 1, 833],
];

/** Meeus 47: the moon's apparent geocentric longitude, latitude and distance. */
function moonEcliptic(T: number, nutationInLongitude: number): Ecliptic {
  const T2 = T * T;
  const T3 = T2 * T;
  const T4 = T3 * T;
  const meanLongitude = 218.3164477 + 481267.88123421 * T - 0.0015786 * T2 + T3 / 538841 - T4 / 65194000;
  const elongation = 297.8501921 + 445267.1114034 * T - 0.0018819 * T2 + T3 / 545868 - T4 / 113065000;
  const sunAnomaly = 357.5291092 + 35999.0502909 * T - 0.0001536 * T2 + T3 / 24490000;
  const moonAnomaly = 134.9633964 + 477198.8675055 * T + 0.0087414 * T2 + T3 / 69699 - T4 / 14712000;
  const latitudeArgument = 93.272095 + 483202.0175233 * T - 0.0036539 * T2 - T3 / 3526000 + T4 / 863310000;
  const a1 = 119.75 + 131.849 * T;
  const a2 = 53.09 + 479264.29 * T;
  const a3 = 313.45 + 481266.484 * T;
  // The terms with the sun's anomaly shrink as the Earth's orbit becomes less eccentric.
  const E = 1 - 0.002516 * T - 0.0000074 * T2;
  const eccentricityFactor = (m: number) => (m === 0 ? 1 : Math.abs(m) === 1 ? E : E * E);

  let sumLongitude = 3958 * sin(a1) + 1962 * sin(meanLongitude - latitudeArgument) + 318 * sin(a2);
  let sumDistance = 0;
  for (const [d, m, mp, f, l, r] of MOON_LONGITUDE_DISTANCE) {
    const argument = d * elongation + m * sunAnomaly + mp * moonAnomaly + f * latitudeArgument;
    const factor = eccentricityFactor(m);
    sumLongitude += l * factor * sin(argument);
    sumDistance += r * factor * cos(argument);
  }
  let sumLatitude =
    -2235 * sin(meanLongitude) +
    382 * sin(a3) +
    175 * sin(a1 - latitudeArgument) +
    175 * sin(a1 + latitudeArgument) +
    127 * sin(meanLongitude - moonAnomaly) -
    115 * sin(meanLongitude + moonAnomaly);
  for (const [d, m, mp, f, b] of MOON_LATITUDE) {
    const argument = d * elongation + m * sunAnomaly + mp * moonAnomaly + f * latitudeArgument;
    sumLatitude += b * eccentricityFactor(m) * sin(argument);
  }
  return {
    longitude: normalize(meanLongitude + sumLongitude / 1e6 + nutationInLongitude),
    latitude: sumLatitude / 1e6,
    distanceKm: 385000.56 + sumDistance / 1000,
  };
}

export interface Equatorial {
  rightAscension: number;
  declination: number;
}

/** Meeus 13: ecliptic to equatorial coordinates. */
function toEquatorial({ longitude, latitude }: Ecliptic, obliquity: number): Equatorial {
  const rightAscension = Math.atan2(
    sin(longitude) * cos(obliquity) - Math.tan(latitude * RAD) * sin(obliquity),
    cos(longitude),
  );
  const declination = Math.asin(
    sin(latitude) * cos(obliquity) + cos(latitude) * sin(obliquity) * sin(longitude),
  );
  return { rightAscension: normalize(rightAscension / RAD), declination: declination / RAD };
}

/** Meeus 12: Greenwich apparent sidereal time, degrees. */
function siderealTime(julianDayUt: number, nut: Nutation): number {
  const T = centuries(julianDayUt);
  const mean =
    280.46061837 + 360.98564736629 * (julianDayUt - 2_451_545) + 0.000387933 * T * T - (T * T * T) / 38710000;
  return normalize(mean + nut.longitude * cos(nut.obliquity));
}

type Body = 'sun' | 'moon';

export type Position = Ecliptic & Equatorial;

/**
 * The sun's and the moon's apparent geocentric positions at T Julian centuries of Terrestrial Time since J2000.0
 * (exported for the tests against Meeus's worked examples, which are given in that time scale).
 */
export function apparentPositions(T: number): { sun: Position; moon: Position; nutation: Nutation } {
  const nut = nutation(T);
  const sun = sunEcliptic(T, nut.longitude);
  const moon = moonEcliptic(T, nut.longitude);
  return {
    sun: { ...sun, ...toEquatorial(sun, nut.obliquity) },
    moon: { ...moon, ...toEquatorial(moon, nut.obliquity) },
    nutation: nut,
  };
}

interface Sky {
  sun: Position;
  moon: Position;
  siderealTime: number;
}

function skyAt(ms: number): Sky {
  const { ut, tt } = julianDays(ms);
  const { sun, moon, nutation: nut } = apparentPositions(centuries(tt));
  return { sun, moon, siderealTime: siderealTime(ut, nut) };
}

/** A body's local hour angle and altitude (geocentric, degrees). */
function horizontal(sky: Sky, body: Body, place: Place): { hourAngle: number; altitude: number } {
  const { rightAscension, declination } = sky[body];
  const hourAngle = normalize(sky.siderealTime + place.longitude - rightAscension);
  const altitude =
    Math.asin(
      sin(place.latitude) * sin(declination) + cos(place.latitude) * cos(declination) * cos(hourAngle),
    ) / RAD;
  return { hourAngle, altitude };
}

/**
 * Where a body stands against its rise/set altitude: positive when it is up. For the moon the altitude of its
 * centre at rise depends on its distance (parallax lowers it by up to a degree): Meeus 15's h0.
 */
function heightAboveHorizon(body: Body, horizonDeg: number, place: Place) {
  return (ms: number): number => {
    const sky = skyAt(ms);
    const { altitude } = horizontal(sky, body, place);
    if (body === 'sun') return altitude - horizonDeg;
    const parallax = Math.asin(EARTH_RADIUS_KM / sky.moon.distanceKm) / RAD;
    return altitude - (0.7275 * parallax - 0.5667);
  };
}

/** Narrows a sign change of f between a and b (f(a) and f(b) of opposite signs) down to PRECISION_MS. */
function bisect(f: (ms: number) => number, a: number, b: number, fa: number): number {
  let low = a;
  let high = b;
  let fLow = fa;
  while (high - low > PRECISION_MS) {
    const middle = (low + high) / 2;
    const fMiddle = f(middle);
    if (fMiddle === 0) return middle;
    if (fLow < 0 === fMiddle < 0) {
      low = middle;
      fLow = fMiddle;
    } else {
      high = middle;
    }
  }
  return (low + high) / 2;
}

interface Crossing {
  at: Date;
  /** True where f goes from negative to positive. */
  rising: boolean;
}

/** Every sign change of f within the day, sampled every SCAN_STEP_MS and bisected; and f at the day's start. */
function crossings(f: (ms: number) => number, day: DayWindow): { found: Crossing[]; firstValue: number } {
  const start = day.start.getTime();
  const end = day.end.getTime();
  const found: Crossing[] = [];
  let previousTime = start;
  let previousValue = f(start);
  const firstValue = previousValue;
  while (previousTime < end) {
    const time = Math.min(previousTime + SCAN_STEP_MS, end);
    const value = f(time);
    if (previousValue < 0 !== value < 0) {
      found.push({
        at: new Date(Math.round(bisect(f, previousTime, time, previousValue))),
        rising: previousValue < 0,
      });
    }
    previousTime = time;
    previousValue = value;
  }
  return { found, firstValue };
}

function riseSet(f: (ms: number) => number, day: DayWindow): RiseSet {
  const { found, firstValue } = crossings(f, day);
  const rise = found.find((crossing) => crossing.rising)?.at ?? null;
  const set = found.find((crossing) => !crossing.rising)?.at ?? null;
  const none = found.length === 0;
  return { rise, set, alwaysUp: none && firstValue >= 0, alwaysDown: none && firstValue < 0 };
}

/** Sunrise, sunset and civil twilight at `place` within `day`. */
export function sunDay(day: DayWindow, place: Place): SunDay {
  return {
    sun: sunriseSunset(day, place),
    civilTwilight: riseSet(heightAboveHorizon('sun', CIVIL_TWILIGHT_ALTITUDE, place), day),
  };
}

/** Sunrise and sunset alone: half the work of sunDay, for a catch's conditions (its twilight comes from sunAltitude). */
export function sunriseSunset(day: DayWindow, place: Place): RiseSet {
  checkWindow(day);
  checkPlace(place);
  return riseSet(heightAboveHorizon('sun', SUNRISE_ALTITUDE, place), day);
}

/** Moonrise, moonset and the moon's meridian passes at `place` within `day`. */
export function moonDay(day: DayWindow, place: Place): MoonDay {
  checkWindow(day);
  checkPlace(place);
  // sin(hour angle) goes from - to + as the moon passes the upper meridian (hour angle 0°) and from + to - at
  // the lower one (180°).
  const meridian = crossings((ms) => sin(horizontal(skyAt(ms), 'moon', place).hourAngle), day).found;
  return {
    ...riseSet(heightAboveHorizon('moon', 0, place), day),
    overhead: meridian.filter((crossing) => crossing.rising).map((crossing) => crossing.at),
    underfoot: meridian.filter((crossing) => !crossing.rising).map((crossing) => crossing.at),
  };
}

/** The moon's elongation east of the sun along the ecliptic: 0° new, 90° first quarter, 180° full, 270° last. */
function elongation(ms: number): number {
  const sky = skyAt(ms);
  return normalize(sky.moon.longitude - sky.sun.longitude);
}

/** Meeus 48: the illuminated fraction of the moon's disk. */
function illuminatedFraction(ms: number): number {
  const { sun, moon } = skyAt(ms);
  const cosElongation = cos(moon.latitude) * cos(moon.longitude - sun.longitude);
  const psi = Math.acos(cosElongation);
  const phaseAngle = Math.atan2(
    sun.distanceKm * Math.sin(psi),
    moon.distanceKm - sun.distanceKm * cosElongation,
  );
  return (1 + Math.cos(phaseAngle)) / 2;
}

const PRINCIPAL_PHASES: ReadonlyArray<{ angle: number; name: MoonPhaseName }> = [
  { angle: 0, name: 'New Moon' },
  { angle: 90, name: 'First Quarter' },
  { angle: 180, name: 'Full Moon' },
  { angle: 270, name: 'Last Quarter' },
];

const BETWEEN_PHASES: readonly MoonPhaseName[] = [
  'Waxing Crescent',
  'Waxing Gibbous',
  'Waning Gibbous',
  'Waning Crescent',
];

/**
 * The moon's phase for `day`, with its illumination at `moment`. A principal phase names the day when its
 * instant falls within it, as almanacs and tide tables do; other days get the phase in between.
 */
export function moonPhase(day: DayWindow, moment: Date): MoonPhase {
  checkWindow(day);
  const now = moment.getTime();
  const angle = elongation(now);
  const start = elongation(day.start.getTime());
  for (const principal of PRINCIPAL_PHASES) {
    // The elongation grows about 12° a day and never wraps within one, so one sign change is the phase.
    const f = (ms: number) => signedAngle(elongation(ms) - principal.angle);
    const fStart = signedAngle(start - principal.angle);
    const fEnd = f(day.end.getTime());
    if (fStart < 0 && fEnd >= 0 && fEnd - fStart < 90) {
      return {
        name: principal.name,
        illumination: illuminatedFraction(now),
        waxing: angle < 180,
        principalAt: new Date(Math.round(bisect(f, day.start.getTime(), day.end.getTime(), fStart))),
      };
    }
  }
  return {
    name: BETWEEN_PHASES[Math.min(3, Math.floor(angle / 90))] ?? 'Waxing Crescent',
    illumination: illuminatedFraction(now),
    waxing: angle < 180,
    principalAt: null,
  };
}

const MAJOR_HALF_MS = 60 * MINUTE_MS;
const MINOR_HALF_MS = 30 * MINUTE_MS;

/**
 * The traditional solunar periods (John Alden Knight's tables, 1926): folklore, not science. Major periods are
 * about two hours centred on the moon overhead or underfoot; minor periods about an hour centred on moonrise
 * and moonset. In time order; cut to `day` when given (a period around midnight shows only its part of today).
 */
export function solunarPeriods(moon: MoonDay, day?: DayWindow): SolunarPeriod[] {
  const first = day?.start.getTime() ?? Number.NEGATIVE_INFINITY;
  const last = day?.end.getTime() ?? Number.POSITIVE_INFINITY;
  const around = (kind: SolunarPeriod['kind'], at: Date, half: number): SolunarPeriod => ({
    kind,
    start: new Date(Math.max(at.getTime() - half, first)),
    end: new Date(Math.min(at.getTime() + half, last)),
  });
  const periods = [
    ...[...moon.overhead, ...moon.underfoot].map((at) => around('major', at, MAJOR_HALF_MS)),
    ...[moon.rise, moon.set]
      .filter((at): at is Date => at !== null)
      .map((at) => around('minor', at, MINOR_HALF_MS)),
  ];
  return periods.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Everything the Sun & Moon card shows for `place` on the phone's day containing `moment`. */
export function skyDay(place: Place, moment: Date, day: DayWindow = localDayWindow(moment)): SkyDay {
  const moon = moonDay(day, place);
  return {
    day,
    sun: sunDay(day, place),
    moon,
    phase: moonPhase(day, moment),
    solunar: solunarPeriods(moon, day),
  };
}

/** Where the sun stands at `moment` seen from `place`: its altitude (degrees) and whether it is climbing (before noon). */
export function sunAltitude(moment: Date, place: Place): { altitude: number; rising: boolean } {
  checkPlace(place);
  const { hourAngle, altitude } = horizontal(skyAt(moment.getTime()), 'sun', place);
  // Hour angle 180°–360° is the sun east of the meridian, on its way up.
  return { altitude, rising: hourAngle > 180 };
}

const SYNODIC_MONTH_MS = 29.530589 * DAY_MS;

/** The moon's age at `moment`: days since the last new moon (the instant the moon's elongation was 0°). */
export function moonAgeDays(moment: Date): number {
  const now = moment.getTime();
  const estimate = now - (elongation(now) / 360) * SYNODIC_MONTH_MS;
  // The elongation runs 10°–15° a day, so the new moon lies within 2 days of the mean-motion estimate.
  const f = (ms: number) => signedAngle(elongation(ms));
  const from = estimate - 2 * DAY_MS;
  const to = Math.min(estimate + 2 * DAY_MS, now);
  const newMoon = f(to) < 0 ? to : bisect(f, from, to, f(from));
  return (now - newMoon) / DAY_MS;
}
