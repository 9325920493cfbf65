// The server's entry point: `node server/main.ts`, imported by `npm start` (scripts/start.ts) and re-run by every
// WEB_CONCURRENCY worker. Before the server's ~970 modules are loaded (serve.ts), for decision 022:
// 1. on Linux the process is started again with the memory settings of launch.ts (MALLOC_ARENA_MAX=1,
//    --max-semi-space-size=8), unless the operator set them;
// 2. Node's compile cache is turned on, so a restart reuses the modules' compiled bytecode and type-stripped
//    TypeScript instead of compiling them again: about a third of the start's CPU. It lives in NODE_COMPILE_CACHE,
//    by default node-compile-cache in the system's temporary folder; entries are checked against the source, and
//    where the folder cannot be written the server simply starts without it.
import { fileURLToPath } from 'node:url';
import { startAgainWithMemorySettings, turnOnCompileCache } from './launch.ts';

startAgainWithMemorySettings(fileURLToPath(import.meta.url));
turnOnCompileCache();
await import('./serve.ts');
