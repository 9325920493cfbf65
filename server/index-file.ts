import { closeSync, mkdirSync, openSync, readSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The prebuilt binary indexes (places, tide stations) start with a magic string and the key of the inputs they were
 * built from; a file whose header differs is rebuilt. Both are written whole or not at all.
 */

/** Writes `bytes` to `file` through a temporary file, so a reader never sees half of it. */
export function writeFileAtomically(file: string, bytes: Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/** Whether `file` starts with `magic` followed by `key` (reads only those bytes; false when it cannot be read). */
export function indexFileHeaderMatches(file: string, magic: string, key: Buffer): boolean {
  try {
    const header = Buffer.alloc(magic.length + key.length);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, header, 0, header.length, 0);
    } finally {
      closeSync(fd);
    }
    return header.toString('latin1', 0, magic.length) === magic && header.subarray(magic.length).equals(key);
  } catch {
    return false;
  }
}
