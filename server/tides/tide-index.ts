// The tide stations the server predicts for (docs/decisions/035-tides.md), in a compact binary form.
//
// The stations come from the npm package @neaps/tide-database (NOAA CO-OPS, TICON-4, Kartverket and the Canadian
// Hydrographic Service). Importing that package costs ~2.5 s of CPU and ~140 MB of memory for good (its module
// builds every station of the catalogue, currents too, and a full-text search index), so the server never imports
// it: `npm run build` (and `npm start` when it is missing or stale) reads it once, in a process or worker of its
// own, and writes what the server needs to dist/tides/stations.idx, about 2 MB: the tide stations whose licence
// allows our use, their metadata as one small JSON section, and their harmonic constants as typed arrays (a
// subordinate station points at its reference station's). The server reads the file at its first tide question.
// Without a current file (no build yet, an edited builder, another version of the data) the same bytes are built
// in a worker thread, whose memory goes when it ends, so either way the server predicts from the same index.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isKnownTimeZone } from '#core/zoned-day.ts';
import { indexFileHeaderMatches, writeFileAtomically } from '../index-file.ts';

/** Where `npm run build` puts the index, and where the server looks for it. */
export const TIDE_INDEX_FILE = fileURLToPath(new URL('../../dist/tides/stations.idx', import.meta.url));

/** The short names the app shows for the database's sources; another source shows under its own name. */
const SOURCE_NAMES: Record<string, string> = {
  'US National Oceanic and Atmospheric Administration': 'NOAA CO-OPS',
  'TICON-4': 'TICON-4',
  'Kartverket / Norwegian Mapping Authority, Hydrographic Service': 'Kartverket',
  'Canadian Hydrographic Service': 'Canadian Hydrographic Service',
};

// Constants are kept to 0.01 mm and 0.001° (the database holds 32-bit floats, whose last digits are noise): a
// prediction moves by less than a millimetre and a second, and the phone receives the same short decimals the
// server computes with.
const AMPLITUDE_SCALE = 1e5;
const PHASE_SCALE = 1e3;
const round = (value: number, scale: number) => Math.round(value * scale) / scale;

/** One station as the index keeps it; the constants live in the shared rows (`constituentStart`, `…Count`). */
interface IndexedStationMeta {
  id: string;
  name: string;
  source: number;
  timeZone: number;
  datum: number;
  attribution: number;
  /** [reference id, time high, time low (minutes), height high, height low, 0 ratio | 1 fixed (metres)] or null. */
  offsets: [string, number, number, number, number, 0 | 1] | null;
}

/** The metadata section: tables of shared strings, and per station the fields that are not numbers in bulk. */
interface IndexJson {
  constituentNames: string[];
  sources: string[];
  timeZones: string[];
  datums: string[];
  attributions: string[];
  stations: IndexedStationMeta[];
}

export interface TideIndex extends IndexJson {
  /** Longitude and latitude of station `i` at [2 i] and [2 i + 1]. */
  coordinates: Float64Array;
  /** Mean sea level above the station's datum, metres. */
  datumOffsets: Float64Array;
  constituentStart: Uint32Array;
  constituentCount: Uint16Array;
  /** Per constants row: an index into constituentNames, the amplitude (0.01 mm) and the phase (0.001°). */
  constituentName: Uint16Array;
  amplitude: Int32Array;
  phase: Int32Array;
}

/** A row's amplitude in metres and phase in degrees, exactly as the server predicts with them and sends them. */
export const amplitudeOf = (index: TideIndex, row: number) =>
  (index.amplitude[row] as number) / AMPLITUDE_SCALE;
export const phaseOf = (index: TideIndex, row: number) => (index.phase[row] as number) / PHASE_SCALE;

// ---------------------------------------------------------------------------------------------------------------
// Building, from @neaps/tide-database (only here: never in the server's own thread)

/** The parts of the database's station record the index reads. */
interface DatabaseStation {
  id: string;
  name: string;
  kind: 'tide' | 'current';
  latitude: number;
  longitude: number;
  timezone: string;
  chart_datum?: string;
  datums: Record<string, number>;
  source: { name: string };
  license: { commercial_use: boolean };
  harmonic_constituents: { name: string; amplitude: number; phase: number }[];
  offsets?: {
    reference: string;
    time: { high: number; low: number };
    height: { high: number; low: number; type: 'ratio' | 'fixed' };
  };
  attribution: string;
}

/**
 * Which stations the app predicts for: tide stations (not tidal currents) accepted by the database's quality
 * checks (its `stations` export), whose data licence allows commercial use (TICON-4 stations relayed from
 * CMEMS are CC BY-NC: left out), with constants and a time zone the platform knows.
 */
function isUsable(station: DatabaseStation): boolean {
  return (
    station.kind === 'tide' &&
    station.license.commercial_use &&
    station.harmonic_constituents.length > 0 &&
    isKnownTimeZone(station.timezone)
  );
}

/** Heights are given above the station's chart datum when the database knows it and mean sea level, else MSL. */
function datumOf(station: DatabaseStation): { datum: string; offset: number } {
  const chart = station.chart_datum;
  const msl = station.datums.MSL;
  if (chart && msl !== undefined && station.datums[chart] !== undefined) {
    return { datum: chart, offset: round(msl - (station.datums[chart] as number), AMPLITUDE_SCALE) };
  }
  return { datum: 'MSL', offset: 0 };
}

function tableOf(values: string[]): { names: string[]; indexOf: (value: string) => number } {
  const names = [...new Set(values)].sort();
  const ids = new Map(names.map((name, i) => [name, i]));
  return { names, indexOf: (value) => ids.get(value) as number };
}

/** Reads the database package and lays the index out in its binary form (~3 s of CPU, mostly the import). */
export async function buildTideIndexBytes(): Promise<Buffer> {
  const database = (await import('@neaps/tide-database')) as unknown as { stations: DatabaseStation[] };
  const stations = database.stations.filter(isUsable).sort((a, b) => (a.id < b.id ? -1 : 1));
  const sourceName = (station: DatabaseStation) => SOURCE_NAMES[station.source.name] ?? station.source.name;
  const sources = tableOf(stations.map(sourceName));
  const timeZones = tableOf(stations.map((station) => station.timezone));
  const datums = tableOf(stations.map((station) => datumOf(station).datum));
  const attributions = tableOf(stations.map((station) => station.attribution));
  const constituentNames = tableOf(
    stations.flatMap((station) => station.harmonic_constituents.map((constituent) => constituent.name)),
  );

  // A subordinate station's constants are its reference station's: stored once, under the reference's id.
  const rows: { name: number; amplitude: number; phase: number }[] = [];
  const rowsOf = new Map<string, { start: number; count: number }>();
  const coordinates = new Float64Array(stations.length * 2);
  const datumOffsets = new Float64Array(stations.length);
  const constituentStart = new Uint32Array(stations.length);
  const constituentCount = new Uint16Array(stations.length);
  const meta: IndexedStationMeta[] = stations.map((station, i) => {
    const owner = station.offsets?.reference ?? station.id;
    let block = rowsOf.get(owner);
    if (!block) {
      block = { start: rows.length, count: station.harmonic_constituents.length };
      for (const constituent of station.harmonic_constituents) {
        rows.push({
          name: constituentNames.indexOf(constituent.name),
          amplitude: Math.round(constituent.amplitude * AMPLITUDE_SCALE),
          phase: Math.round(constituent.phase * PHASE_SCALE),
        });
      }
      rowsOf.set(owner, block);
    }
    constituentStart[i] = block.start;
    constituentCount[i] = block.count;
    coordinates[2 * i] = round(station.longitude, 1e5);
    coordinates[2 * i + 1] = round(station.latitude, 1e5);
    const { datum, offset } = datumOf(station);
    datumOffsets[i] = offset;
    const offsets = station.offsets;
    return {
      id: station.id,
      name: station.name,
      source: sources.indexOf(sourceName(station)),
      timeZone: timeZones.indexOf(station.timezone),
      datum: datums.indexOf(datum),
      attribution: attributions.indexOf(station.attribution),
      offsets: offsets
        ? [
            offsets.reference,
            offsets.time.high,
            offsets.time.low,
            round(offsets.height.high, 1e4),
            round(offsets.height.low, 1e4),
            offsets.height.type === 'fixed' ? 1 : 0,
          ]
        : null,
    };
  });
  const json: IndexJson = {
    constituentNames: constituentNames.names,
    sources: sources.names,
    timeZones: timeZones.names,
    datums: datums.names,
    attributions: attributions.names,
    stations: meta,
  };
  return layOut(json, {
    coordinates,
    datumOffsets,
    constituentStart,
    constituentCount,
    constituentName: Uint16Array.from(rows, (row) => row.name),
    amplitude: Int32Array.from(rows, (row) => row.amplitude),
    phase: Int32Array.from(rows, (row) => row.phase),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The binary form. Sections, each starting at a multiple of 8 bytes:
//   header:  magic 'TLTIDES1' (8) · key (32: sha-256 of the inputs, tideIndexKey) · stations (u32) · constants
//            rows (u32) · byte length of the JSON (u32) · 4 bytes unused
//   JSON (IndexJson, UTF-8) · coordinates (f64 × 2 per station) · datum offsets (f64) · constants start (u32) and
//   count (u16) per station · per row: name (u16), amplitude (i32), phase (i32)
// Typed arrays are written and read in the machine's byte order, which is part of the key.

const MAGIC = 'TLTIDES1';
const KEY_BYTES = 32;
const HEADER_BYTES = MAGIC.length + KEY_BYTES + 16;

const padded = (bytes: number) => Math.ceil(bytes / 8) * 8;

type IndexArrays = Omit<TideIndex, keyof IndexJson>;

function layOut(json: IndexJson, arrays: IndexArrays): Buffer {
  const jsonBytes = Buffer.from(JSON.stringify(json));
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'latin1');
  tideIndexKey().copy(header, MAGIC.length);
  header.writeUInt32LE(json.stations.length, MAGIC.length + KEY_BYTES);
  header.writeUInt32LE(arrays.amplitude.length, MAGIC.length + KEY_BYTES + 4);
  header.writeUInt32LE(jsonBytes.length, MAGIC.length + KEY_BYTES + 8);
  const sections: Buffer[] = [];
  const push = (bytes: Uint8Array) => {
    sections.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const padding = padded(bytes.byteLength) - bytes.byteLength;
    if (padding > 0) sections.push(Buffer.alloc(padding));
  };
  push(header);
  push(jsonBytes);
  for (const array of ARRAY_ORDER) push(new Uint8Array(arrays[array].buffer));
  return Buffer.concat(sections);
}

const ARRAY_ORDER = [
  'coordinates',
  'datumOffsets',
  'constituentStart',
  'constituentCount',
  'constituentName',
  'amplitude',
  'phase',
] as const satisfies (keyof IndexArrays)[];

/**
 * The version of @neaps/tide-database, or '?' where it is not installed. Its package.json is read as a file, not
 * required: nothing of the package is loaded as a module.
 */
function databasePackageVersion(): string {
  try {
    const file = createRequire(import.meta.url).resolve('@neaps/tide-database/package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}

/**
 * What the index is made from: this file (the selection, the rounding, the format), the database package's version
 * and the machine's byte order. A file with another key is stale. Cheap: the server checks it at start.
 */
function tideIndexKey(): Buffer {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL(import.meta.url)));
  hash.update(`\0${databasePackageVersion()}\0${os.endianness()}`);
  return hash.digest();
}

/** The index laid out in `bytes`, or null when they are not an index made from today's inputs (`key`). */
export function readTideIndex(bytes: Buffer, key: Buffer = tideIndexKey()): TideIndex | null {
  if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
  if (!bytes.subarray(MAGIC.length, MAGIC.length + KEY_BYTES).equals(key)) return null;
  const stations = bytes.readUInt32LE(MAGIC.length + KEY_BYTES);
  const rows = bytes.readUInt32LE(MAGIC.length + KEY_BYTES + 4);
  const jsonLength = bytes.readUInt32LE(MAGIC.length + KEY_BYTES + 8);
  let at = HEADER_BYTES;
  // Each section is copied into an ArrayBuffer of its own (typed arrays want their alignment), so the file's
  // buffer is garbage as soon as this returns.
  const take = (byteLength: number): ArrayBuffer => {
    const start = bytes.byteOffset + at;
    const section = bytes.buffer.slice(start, start + byteLength) as ArrayBuffer;
    at += padded(byteLength);
    return section;
  };
  const json = JSON.parse(Buffer.from(take(jsonLength)).toString('utf8')) as IndexJson;
  return {
    ...json,
    coordinates: new Float64Array(take(stations * 16)),
    datumOffsets: new Float64Array(take(stations * 8)),
    constituentStart: new Uint32Array(take(stations * 4)),
    constituentCount: new Uint16Array(take(stations * 2)),
    constituentName: new Uint16Array(take(rows * 2)),
    amplitude: new Int32Array(take(rows * 4)),
    phase: new Int32Array(take(rows * 4)),
  };
}

/** Writes `bytes` to `file` through a temporary file, so a reader never sees half of it. */
export function writeTideIndexFile(bytes: Buffer, file = TIDE_INDEX_FILE): void {
  writeFileAtomically(file, bytes);
}

/** Whether `file` holds an index made from today's inputs (reads only its header). */
export function tideIndexFileIsCurrent(file = TIDE_INDEX_FILE): boolean {
  return indexFileHeaderMatches(file, MAGIC, tideIndexKey());
}

/**
 * Builds the index bytes in a worker thread (tide-index-builder.ts): the database package's ~140 MB are freed
 * when the worker ends, instead of staying in this process for good.
 */
export function buildTideIndexInWorker(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./tide-index-builder.ts', import.meta.url));
    let built: Buffer | null = null;
    worker.once('message', (bytes: Uint8Array) => {
      built = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (built) resolve(built);
      else reject(new Error(`the tide index builder stopped (exit code ${code}) without an index`));
    });
  });
}

/** The index from `file` when it is current, else built in a worker (the same bytes, a few seconds later). */
export async function loadTideIndex(
  file = TIDE_INDEX_FILE,
): Promise<{ index: TideIndex; source: 'file' | 'built' }> {
  const key = tideIndexKey();
  try {
    const index = readTideIndex(readFileSync(file), key);
    if (index) return { index, source: 'file' };
  } catch {
    // no such file: built below
  }
  const index = readTideIndex(await buildTideIndexInWorker(), key);
  if (!index) throw new Error('the tide index just built does not read back');
  return { index, source: 'built' };
}
