// Preloaded with `node --import ./server/test-support/record-packages.ts server/main.ts` by server/start-up.test.ts:
// appends to the file named by RECORD_PACKAGES_FILE, one line each, every npm package the process loads (once).
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.RECORD_PACKAGES_FILE;
const seen = new Set<string>();
if (file) {
  registerHooks({
    load(url, context, nextLoad) {
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
      if (name && !seen.has(name)) {
        seen.add(name);
        appendFileSync(file, `${name}\n`);
      }
      return nextLoad(url, context);
    },
  });
}
