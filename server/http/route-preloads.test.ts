import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_SCREENS } from './route-preloads.ts';

const WEB = path.join(import.meta.dirname, '..', '..', 'web');
const VITE_CONFIG = readFileSync(path.join(import.meta.dirname, '..', '..', 'vite.config.ts'), 'utf8');

describe('route preload hints', () => {
  // The manifest is keyed by source path: a moved screen would otherwise just lose its hints, silently.
  it('name screens that exist in web/, or chunks vite.config.ts names', () => {
    const missing = Object.values(ROUTE_SCREENS)
      .flat()
      .filter((source) => !existsSync(path.join(WEB, source)) && !VITE_CONFIG.includes(`name: '${source}'`));
    expect(missing).toEqual([]);
  });
});
