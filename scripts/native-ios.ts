// npm run native:ios (after npm run build:native; then `cap sync ios`): writes the iOS project's icon, splash and
// App.entitlements from the built web app and TIGHTLINES_ORIGIN (the placeholder host when unset). docs/native.md.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appOrigin } from './native/identity.ts';
import { writeIosAppFiles } from './native/ios.ts';

const webRoot = fileURLToPath(new URL('../dist/native', import.meta.url));
if (!existsSync(`${webRoot}/index.html`)) {
  console.error('No native web build in dist/native: run npm run build:native first.');
  process.exit(1);
}
const origin = appOrigin();
await writeIosAppFiles({ webRoot, iosDir: fileURLToPath(new URL('../ios', import.meta.url)), origin });
console.log(`ios/ icon, splash and entitlements written for ${origin}.`);
