// What only a starting process can be given, set by starting the process again (decision 022). Used first thing by the
// server's entry points (server/main.ts; scripts/start.ts for `npm start`). On Linux, unless the operator already
// set it (their value wins), the process re-executes itself once (process.execve: same process id, arguments and
// environment otherwise) with:
//  - MALLOC_ARENA_MAX=1: glibc's malloc gives threads arenas of their own (up to 8 per core) and seldom hands their
//    memory back; V8's compiler and GC threads and the crypto threads (an argon2id login takes 19 MiB) left ~50 MB
//    of freed memory resident in them under the benchmark's load. Two arenas took most of that back, one another
//    15–30 MB, with the same CPU per request and logins and uploads per second (3 alternating runs each);
//  - --max-semi-space-size=8: V8's young generation may otherwise grow to 2 × 64 MB on a machine with this much
//    memory, and did whenever uploads or logins made garbage quickly, for no measurable gain in CPU;
//  - NODE_COMPILE_CACHE (when it is being restarted anyway): so that even the entry file comes from Node's compile
//    cache, and no start loads the TypeScript stripper (~40 ms of CPU).
// Figures: bench/results.md, "Where the time and the memory go". Elsewhere, or when all is set, nothing happens.
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

const SEMI_SPACE_FLAG = '--max-semi-space-size';
const YOUNG_GENERATION = `${SEMI_SPACE_FLAG}=8`;

/** Re-executes `entry` (the file being run) with the settings above if any is missing; returns when none is. */
export function startAgainWithMemorySettings(entry: string): void {
  // A cluster worker or another process's child on an IPC channel gets its parent's settings.
  if (process.platform !== 'linux' || process.channel !== undefined || !process.execve) return;
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const setArenas = process.env.MALLOC_ARENA_MAX === undefined;
  const setYoungGeneration = !flags.some((flag) => flag.startsWith(SEMI_SPACE_FLAG));
  if (!setArenas && !setYoungGeneration) return;
  const environment = { ...process.env };
  if (setArenas) environment.MALLOC_ARENA_MAX = '1';
  if (environment.NODE_COMPILE_CACHE === undefined && environment.NODE_DISABLE_COMPILE_CACHE === undefined) {
    // Where module.enableCompileCache() puts it by default.
    environment.NODE_COMPILE_CACHE = path.join(os.tmpdir(), 'node-compile-cache');
  }
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...(setYoungGeneration ? [YOUNG_GENERATION] : []),
      ...process.execArgv,
      entry,
      ...process.argv.slice(2),
    ],
    environment,
  );
}

/** Node's compile cache for every module loaded from now on (a no-op when NODE_COMPILE_CACHE already enabled it). */
export function turnOnCompileCache(): void {
  module.enableCompileCache();
}
