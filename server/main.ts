// The server's entry point: `node server/main.ts`, imported by `npm start` (scripts/start.ts) and re-run by every
// WEB_CONCURRENCY worker. Two things happen before the server's ~970 modules are loaded (serve.ts), both for
// issue 14 (figures: bench/results.md, "Where the time and the memory go"):
//
// 1. On Linux the process is started again (process.execve: same process id, arguments and environment) with
//    what only a starting process can be given, unless the operator already set it (their value wins):
//    - MALLOC_ARENA_MAX=2: glibc's malloc gives threads arenas of their own (up to 8 per core) and seldom hands
//      their memory back; V8's compiler and GC threads and the crypto threads (an argon2id login takes 19 MiB)
//      left ~50 MB of freed memory resident in them under the benchmark's load;
//    - --max-semi-space-size=8: V8's young generation may otherwise grow to 2 × 64 MB on a machine with this
//      much memory, and it did whenever uploads or logins made garbage quickly, for no measurable gain in CPU.
// 2. Node's compile cache is turned on, so a restart reuses the modules' compiled bytecode and type-stripped
//    TypeScript instead of compiling them again: about a third of the start's CPU. It lives in NODE_COMPILE_CACHE,
//    by default node-compile-cache in the system's temporary folder; entries are checked against the source, and
//    where the folder cannot be written the server simply starts without it.
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const SEMI_SPACE_FLAG = '--max-semi-space-size';
const YOUNG_GENERATION = `${SEMI_SPACE_FLAG}=8`;

function startAgainWithMemorySettings(): void {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const setArenas = process.env.MALLOC_ARENA_MAX === undefined;
  const setYoungGeneration = !flags.some((flag) => flag.startsWith(SEMI_SPACE_FLAG));
  if (!setArenas && !setYoungGeneration) return;
  process.execve?.(
    process.execPath,
    [
      process.execPath,
      ...(setYoungGeneration ? [YOUNG_GENERATION] : []),
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    setArenas ? { ...process.env, MALLOC_ARENA_MAX: '2' } : process.env,
  );
}

// Not a cluster worker, nor another process's child on an IPC channel: those get their parent's settings.
if (process.platform === 'linux' && process.channel === undefined) startAgainWithMemorySettings();

module.enableCompileCache();
await import('./serve.ts');
