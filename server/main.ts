// The server's entry point: `node server/main.ts`, imported by `npm start` (scripts/start.ts) and re-run by every
// WEB_CONCURRENCY worker. It only turns on Node's compile cache before the server's ~970 modules are loaded
// (serve.ts), so a restart reuses their compiled bytecode and type-stripped TypeScript instead of compiling them
// again: about a fifth of the start's CPU (issue 14). The cache lives in NODE_COMPILE_CACHE, by default
// node-compile-cache in the system's temporary folder; entries are checked against the source, and where the
// folder cannot be written the server simply starts without it.
import module from 'node:module';

module.enableCompileCache();
await import('./serve.ts');
