/**
 * A small EXIF reader for JPEG photos (docs/decisions/045-photos-prepared-on-the-phone.md): the orientation, the
 * capture time and the GPS position, read on the phone before the photo is re-encoded without its metadata.
 * JPEG APP1 'Exif' → TIFF header (either byte order) → IFD0 → the Exif IFD and the GPS IFD. Anything malformed
 * reads as "not there", never throws.
 */

export interface PhotoExif {
  /** EXIF Orientation 1–8 (1: upright), null when absent. */
  orientation: number | null;
  /** DateTimeOriginal: the camera's wall clock when the photo was taken. */
  takenAt: {
    /** yyyy-MM-dd */
    date: string;
    /** HH:mm:ss */
    time: string;
    /** OffsetTimeOriginal in minutes east of UTC, null when the camera did not record it. */
    offsetMinutes: number | null;
  } | null;
  /** GPSLatitude/GPSLongitude with their N/S and E/W references, in decimal degrees. */
  position: { latitude: number; longitude: number } | null;
}

const NOTHING: PhotoExif = { orientation: null, takenAt: null, position: null };

const TAG = {
  orientation: 0x0112,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  offsetTimeOriginal: 0x9011,
  gpsLatitudeRef: 0x0001,
  gpsLatitude: 0x0002,
  gpsLongitudeRef: 0x0003,
  gpsLongitude: 0x0004,
} as const;

/** Bytes per value of each TIFF field type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 7 UNDEFINED, 9 SLONG, 10 SRATIONAL). */
const TYPE_SIZE: Readonly<Record<number, number>> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };

/** Reads the EXIF of a JPEG's first bytes (the APP1 segment sits before the image data). */
export function readExif(bytes: ArrayBuffer): PhotoExif {
  const tiff = findExifTiff(new DataView(bytes));
  if (!tiff) return NOTHING;
  try {
    return readTiff(tiff);
  } catch {
    // An offset pointing outside the segment: a damaged or truncated EXIF block.
    return NOTHING;
  }
}

/** The TIFF block inside the JPEG's APP1 'Exif\0\0' segment, or null. */
function findExifTiff(view: DataView): DataView | null {
  const found = findSegment(
    view,
    (marker, start, length) =>
      marker === 0xe1 && length >= 8 && start + 6 <= view.byteLength && ascii(view, start, 6) === 'Exif\0\0',
  );
  if (!found) return null;
  return new DataView(view.buffer, view.byteOffset + found.start + 6, found.end - found.start - 6);
}

/**
 * The stored width and height of a JPEG (its start-of-frame segment, before any EXIF orientation), or null when
 * the first bytes hold none: the preparation decodes the photo at its final size when it knows it beforehand.
 */
export function readJpegSize(bytes: ArrayBuffer): { width: number; height: number } | null {
  const view = new DataView(bytes);
  // SOF0–SOF15, but not DHT (C4), JPG (C8) or DAC (CC), which share the range.
  const isFrame = (marker: number) =>
    marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
  const found = findSegment(view, (marker, start) => isFrame(marker) && start + 5 <= view.byteLength);
  if (!found) return null;
  const height = view.getUint16(found.start + 1);
  const width = view.getUint16(found.start + 3);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The first segment before the image data that `wanted` picks (its marker, payload start and length). */
function findSegment(
  view: DataView,
  wanted: (marker: number, start: number, length: number) => boolean,
): { start: number; end: number } | null {
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return null;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // Start of scan or end of image: no metadata comes after.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view.getUint16(offset + 2);
    const start = offset + 4;
    if (wanted(marker, start, length)) return { start, end: Math.min(offset + 2 + length, view.byteLength) };
    offset += 2 + length;
  }
  return null;
}

function ascii(view: DataView, start: number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(view.getUint8(start + i));
  return text;
}

interface Entry {
  type: number;
  count: number;
  /** Where the value is: inside the entry when it fits in 4 bytes, else at the offset it holds. */
  valueOffset: number;
}

function readTiff(tiff: DataView): PhotoExif {
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return NOTHING;
  const little = order === 'II';
  if (tiff.getUint16(2, little) !== 42) return NOTHING;
  const u16 = (at: number) => tiff.getUint16(at, little);
  const u32 = (at: number) => tiff.getUint32(at, little);

  const readIfd = (at: number): Map<number, Entry> => {
    const entries = new Map<number, Entry>();
    if (at <= 0 || at + 2 > tiff.byteLength) return entries;
    const count = u16(at);
    for (let i = 0; i < count; i++) {
      const entry = at + 2 + i * 12;
      if (entry + 12 > tiff.byteLength) break;
      const type = u16(entry + 2);
      const valueCount = u32(entry + 4);
      const size = (TYPE_SIZE[type] ?? 0) * valueCount;
      entries.set(u16(entry), {
        type,
        count: valueCount,
        valueOffset: size <= 4 ? entry + 8 : u32(entry + 8),
      });
    }
    return entries;
  };
  const text = (entry: Entry | undefined): string | null =>
    entry?.type === 2 ? ascii(tiff, entry.valueOffset, entry.count).replace(/\0.*$/s, '') : null;
  const integer = (entry: Entry | undefined): number | null =>
    entry?.type === 3 ? u16(entry.valueOffset) : entry?.type === 4 ? u32(entry.valueOffset) : null;
  const rationals = (entry: Entry | undefined): number[] | null => {
    if (entry?.type !== 5) return null;
    const values: number[] = [];
    for (let i = 0; i < entry.count; i++) {
      const denominator = u32(entry.valueOffset + i * 8 + 4);
      if (denominator === 0) return null;
      values.push(u32(entry.valueOffset + i * 8) / denominator);
    }
    return values;
  };

  const ifd0 = readIfd(u32(4));
  const orientation = integer(ifd0.get(TAG.orientation));
  const exif = readIfd(integer(ifd0.get(TAG.exifIfd)) ?? 0);
  const gps = readIfd(integer(ifd0.get(TAG.gpsIfd)) ?? 0);

  const coordinate = (valueTag: number, refTag: number, negative: string, limit: number): number | null => {
    const parts = rationals(gps.get(valueTag));
    const ref = text(gps.get(refTag));
    if (parts?.length !== 3 || !ref) return null;
    const [degrees = 0, minutes = 0, seconds = 0] = parts;
    const value = degrees + minutes / 60 + seconds / 3600;
    if (value > limit) return null;
    return ref.toUpperCase() === negative ? -value : value;
  };
  const latitude = coordinate(TAG.gpsLatitude, TAG.gpsLatitudeRef, 'S', 90);
  const longitude = coordinate(TAG.gpsLongitude, TAG.gpsLongitudeRef, 'W', 180);

  return {
    orientation: orientation !== null && orientation >= 1 && orientation <= 8 ? orientation : null,
    takenAt: takenAt(text(exif.get(TAG.dateTimeOriginal)), text(exif.get(TAG.offsetTimeOriginal))),
    position: latitude !== null && longitude !== null ? { latitude, longitude } : null,
  };
}

/** 'YYYY:MM:DD HH:MM:SS' and '+HH:MM' as the form's date and time; a blank or zeroed clock reads as none. */
function takenAt(dateTime: string | null, offset: string | null): PhotoExif['takenAt'] {
  const clock = /^(\d{4}):(\d\d):(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(dateTime?.trim() ?? '');
  if (!clock) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = clock.slice(1).map(Number);
  if (
    year === 0 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    hour > 23 ||
    minute > 59 ||
    second > 60
  ) {
    return null;
  }
  const zone = /^([+-])(\d\d):(\d\d)$/.exec(offset?.trim() ?? '');
  const offsetMinutes = zone ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) : null;
  const [, y, mo, d, h, mi, s] = clock;
  return { date: `${y}-${mo}-${d}`, time: `${h}:${mi}:${s}`, offsetMinutes };
}
