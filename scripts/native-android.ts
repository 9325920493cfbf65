// npm run native:android: (re)generates android/, the Trusted Web Activity project, from the built web app's
// manifest (run `npm run build` first) for TIGHTLINES_ORIGIN (the placeholder host when unset). docs/native.md.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateAndroidProject } from './native/android.ts';
import { appOrigin } from './native/identity.ts';

const webRoot = fileURLToPath(new URL('../dist/web', import.meta.url));
const targetDir = fileURLToPath(new URL('../android', import.meta.url));
if (!existsSync(`${webRoot}/manifest.webmanifest`)) {
  console.error('No web build in dist/web: run npm run build first.');
  process.exit(1);
}
const origin = appOrigin();
await generateAndroidProject({ webRoot, origin, targetDir });
console.log(`android/ generated for ${origin}. Build and sign it as docs/native.md says.`);
