// The server's entry point: `node server/main.ts`, imported by `npm start` (scripts/start.ts) and re-run by every
// WEB_CONCURRENCY worker. Two things happen before the server's ~970 modules are loaded (serve.ts), both for
// issue 14:
//
// 1. On Linux, glibc's malloc gives threads arenas of their own (up to 8 per core) and seldom hands their memory
//    back: V8's compiler and GC threads and the crypto threads (each argon2id login takes 19 MiB) left ~50 MB of
//    freed memory resident in them under the benchmark's load. MALLOC_ARENA_MAX=2 keeps them to two arenas
//    (server RSS under the API load 280 -> 233 MB, with uploads 443 -> ~400 MB, same CPU per request), but glibc
//    reads it only when a process starts: so the server re-executes itself once with it (process.execve: same
//    process id, arguments and everything else), unless it is set already, to any value (the operator's wins).
// 2. Node's compile cache is turned on, so a restart reuses the modules' compiled bytecode and type-stripped
//    TypeScript instead of compiling them again: about a third of the start's CPU. It lives in NODE_COMPILE_CACHE,
//    by default node-compile-cache in the system's temporary folder; entries are checked against the source, and
//    where the folder cannot be written the server simply starts without it.
import module from 'node:module';
import { fileURLToPath } from 'node:url';

if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  typeof process.execve === 'function' &&
  // Not a cluster worker or another process's child on an IPC channel: those inherit their parent's environment.
  process.channel === undefined
) {
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { ...process.env, MALLOC_ARENA_MAX: '2' },
  );
}

module.enableCompileCache();
await import('./serve.ts');
