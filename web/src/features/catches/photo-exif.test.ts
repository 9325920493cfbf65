import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readExif } from './photo-exif.ts';

/**
 * The EXIF reader against JPEGs built here byte by byte (both TIFF byte orders, every orientation, every GPS
 * hemisphere, a capture time with and without its offset), and against one written by libvips (sharp), a real
 * camera-style writer.
 */

type Field =
  | { tag: number; type: 'ascii'; value: string }
  | { tag: number; type: 'short' | 'long'; value: number }
  | { tag: number; type: 'rational'; value: [number, number][] };

interface Fixture {
  littleEndian: boolean;
  ifd0?: Field[];
  exif?: Field[];
  gps?: Field[];
}

const TYPE_CODE = { ascii: 2, short: 3, long: 4, rational: 5 } as const;

/** A TIFF block as cameras write it: header, IFD0 with pointers to the Exif and GPS IFDs, values after each IFD. */
function tiffBlock({ littleEndian, ifd0 = [], exif, gps }: Fixture): Uint8Array {
  const bytes = new Uint8Array(4096);
  const view = new DataView(bytes.buffer);
  bytes.set(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]);
  view.setUint16(2, 42, littleEndian);
  view.setUint32(4, 8, littleEndian);
  let free = 8;

  /** Writes one IFD at `free` and returns its offset; `pointers` are filled in later by the caller. */
  const writeIfd = (fields: Field[]): { at: number; pointerAt: Map<number, number> } => {
    const at = free;
    const pointerAt = new Map<number, number>();
    view.setUint16(at, fields.length, littleEndian);
    let data = at + 2 + fields.length * 12 + 4;
    fields.forEach((field, index) => {
      const entry = at + 2 + index * 12;
      view.setUint16(entry, field.tag, littleEndian);
      view.setUint16(entry + 2, TYPE_CODE[field.type], littleEndian);
      if (field.type === 'ascii') {
        const text = `${field.value}\0`;
        view.setUint32(entry + 4, text.length, littleEndian);
        const target = text.length <= 4 ? entry + 8 : data;
        if (text.length > 4) {
          view.setUint32(entry + 8, data, littleEndian);
          data += text.length + (text.length % 2);
        }
        for (let i = 0; i < text.length; i++) bytes[target + i] = text.charCodeAt(i);
      } else if (field.type === 'rational') {
        view.setUint32(entry + 4, field.value.length, littleEndian);
        view.setUint32(entry + 8, data, littleEndian);
        for (const [numerator, denominator] of field.value) {
          view.setUint32(data, numerator, littleEndian);
          view.setUint32(data + 4, denominator, littleEndian);
          data += 8;
        }
      } else {
        view.setUint32(entry + 4, 1, littleEndian);
        if (field.type === 'short') view.setUint16(entry + 8, field.value, littleEndian);
        else view.setUint32(entry + 8, field.value, littleEndian);
        pointerAt.set(field.tag, entry + 8);
      }
    });
    free = data;
    return { at, pointerAt };
  };

  const pointers: Field[] = [
    ...(exif ? [{ tag: 0x8769, type: 'long', value: 0 } as const] : []),
    ...(gps ? [{ tag: 0x8825, type: 'long', value: 0 } as const] : []),
  ];
  const first = writeIfd([...ifd0, ...pointers]);
  if (exif) view.setUint32(first.pointerAt.get(0x8769) ?? 0, writeIfd(exif).at, littleEndian);
  if (gps) view.setUint32(first.pointerAt.get(0x8825) ?? 0, writeIfd(gps).at, littleEndian);
  return bytes.slice(0, free);
}

/** A JPEG's head: SOI, a JFIF APP0 (to be skipped), APP1 with the EXIF, then the start of scan. */
function jpegWith(fixture: Fixture): ArrayBuffer {
  const tiff = tiffBlock(fixture);
  const app0 = [
    0xff,
    0xe0,
    0x00,
    0x10,
    ...'JFIF\0'.split('').map((c) => c.charCodeAt(0)),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ];
  const app1Length = 2 + 6 + tiff.length;
  const header = [
    0xff,
    0xe1,
    app1Length >> 8,
    app1Length & 0xff,
    ...'Exif\0\0'.split('').map((c) => c.charCodeAt(0)),
  ];
  const sos = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0];
  return new Uint8Array([0xff, 0xd8, ...app0, ...header, ...tiff, ...sos, 0xff, 0xd9]).buffer;
}

/** Degrees as the three rationals of a GPS coordinate (seconds to 1/100). */
function dms(value: number): [number, number][] {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 100);
  return [
    [degrees, 1],
    [minutes, 1],
    [seconds, 100],
  ];
}

function gpsFields(latitude: number, longitude: number): Field[] {
  return [
    { tag: 1, type: 'ascii', value: latitude < 0 ? 'S' : 'N' },
    { tag: 2, type: 'rational', value: dms(latitude) },
    { tag: 3, type: 'ascii', value: longitude < 0 ? 'W' : 'E' },
    { tag: 4, type: 'rational', value: dms(longitude) },
  ];
}

describe.each([
  ['little-endian (II)', true],
  ['big-endian (MM)', false],
])('readExif, %s', (_name, littleEndian) => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('reads orientation %i', (orientation) => {
    const exif = readExif(
      jpegWith({ littleEndian, ifd0: [{ tag: 0x0112, type: 'short', value: orientation }] }),
    );
    expect(exif).toEqual({ orientation, takenAt: null, position: null });
  });

  it.each([
    ['N and W', 45.12, -93.4],
    ['S and E', -33.8568, 151.2153],
    ['N and E', 59.9139, 10.7522],
    ['S and W', -34.6037, -58.3816],
  ])('reads a GPS position %s', (_hemispheres, latitude, longitude) => {
    const { position } = readExif(jpegWith({ littleEndian, gps: gpsFields(latitude, longitude) }));
    expect(position?.latitude).toBeCloseTo(latitude, 5);
    expect(position?.longitude).toBeCloseTo(longitude, 5);
  });

  it('reads DateTimeOriginal with its OffsetTimeOriginal', () => {
    const exif = readExif(
      jpegWith({
        littleEndian,
        exif: [
          { tag: 0x9003, type: 'ascii', value: '2026:11:26 18:42:07' },
          { tag: 0x9011, type: 'ascii', value: '-06:00' },
        ],
      }),
    );
    expect(exif.takenAt).toEqual({ date: '2026-11-26', time: '18:42:07', offsetMinutes: -360 });
    expect(
      readExif(
        jpegWith({
          littleEndian,
          exif: [
            { tag: 0x9003, type: 'ascii', value: '2026:07:01 05:30:00' },
            { tag: 0x9011, type: 'ascii', value: '+05:30' },
          ],
        }),
      ).takenAt?.offsetMinutes,
    ).toBe(330);
  });

  it('reads DateTimeOriginal without an offset', () => {
    const exif = readExif(
      jpegWith({ littleEndian, exif: [{ tag: 0x9003, type: 'ascii', value: '2026:11:26 06:42:00' }] }),
    );
    expect(exif.takenAt).toEqual({ date: '2026-11-26', time: '06:42:00', offsetMinutes: null });
  });

  it('reads orientation, time and place together', () => {
    const exif = readExif(
      jpegWith({
        littleEndian,
        ifd0: [{ tag: 0x0112, type: 'short', value: 6 }],
        exif: [{ tag: 0x9003, type: 'ascii', value: '2026:11:26 18:42:00' }],
        gps: gpsFields(45.12, -93.4),
      }),
    );
    expect(exif.orientation).toBe(6);
    expect(exif.takenAt?.time).toBe('18:42:00');
    expect(exif.position?.latitude).toBeCloseTo(45.12, 5);
  });

  it('reads a blank or zeroed camera clock, a zero denominator and an impossible latitude as not there', () => {
    const blank = readExif(
      jpegWith({ littleEndian, exif: [{ tag: 0x9003, type: 'ascii', value: '0000:00:00 00:00:00' }] }),
    );
    expect(blank.takenAt).toBeNull();
    const zeroDenominator = gpsFields(45, -93).map((field) =>
      field.tag === 2
        ? {
            ...field,
            value: [[45, 0] as [number, number], [0, 1] as [number, number], [0, 1] as [number, number]],
          }
        : field,
    ) as Field[];
    expect(readExif(jpegWith({ littleEndian, gps: zeroDenominator })).position).toBeNull();
    expect(readExif(jpegWith({ littleEndian, gps: gpsFields(95, 10) })).position).toBeNull();
  });
});

describe('readExif on what is not a JPEG with EXIF', () => {
  it('reads nothing from a PNG, an empty file, a JPEG without EXIF and a truncated EXIF block', () => {
    const nothing = { orientation: null, takenAt: null, position: null };
    expect(readExif(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).buffer)).toEqual(
      nothing,
    );
    expect(readExif(new ArrayBuffer(0))).toEqual(nothing);
    expect(readExif(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0xff, 0xd9]).buffer)).toEqual(
      nothing,
    );
    const whole = new Uint8Array(
      jpegWith({
        littleEndian: true,
        gps: gpsFields(45, -93),
        ifd0: [{ tag: 0x0112, type: 'short', value: 6 }],
      }),
    );
    // Cut inside the GPS IFD: the reader sees pointers past the end.
    expect(() => readExif(whole.slice(0, 60).buffer)).not.toThrow();
  });

  it('reads the EXIF libvips writes into a real JPEG (sharp)', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4080c0' } })
      .withExif({
        IFD0: { Make: 'Test' },
        IFD2: { DateTimeOriginal: '2026:11:26 18:42:07', OffsetTimeOriginal: '-06:00' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 51/1 2448/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '151/1 12/1 5508/100',
        },
      })
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    const exif = readExif(
      jpeg.buffer.slice(jpeg.byteOffset, jpeg.byteOffset + jpeg.byteLength) as ArrayBuffer,
    );
    expect(exif.orientation).toBe(8);
    expect(exif.takenAt).toEqual({ date: '2026-11-26', time: '18:42:07', offsetMinutes: -360 });
    expect(exif.position?.latitude).toBeCloseTo(-33.8568, 4);
    expect(exif.position?.longitude).toBeCloseTo(151.2153, 4);
  });
});
