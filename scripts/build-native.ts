// npm run build:native: the web app as the iOS app bundles it, in dist/native. The same code as dist/web, built
// with VITE_API_BASE_URL = TIGHTLINES_ORIGIN (the placeholder host when unset), which switches http() to the
// native transport (web/src/native/native-session.ts). `cap sync ios` then copies it into ios/. docs/native.md.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { appOrigin } from './native/identity.ts';

const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
const result = spawnSync(process.execPath, [vite, 'build', '--outDir', '../dist/native', '--emptyOutDir'], {
  stdio: 'inherit',
  env: { ...process.env, VITE_API_BASE_URL: appOrigin() },
});
process.exit(result.status ?? 1);
