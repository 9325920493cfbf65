import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_SCREENS } from './route-preloads.ts';

const WEB = path.join(import.meta.dirname, '..', '..', 'web');

describe('route preload hints', () => {
  // The manifest is keyed by source path: a moved screen would otherwise just lose its hints, silently.
  it('name screens that exist in web/', () => {
    const missing = Object.values(ROUTE_SCREENS)
      .flat()
      .filter((source) => !existsSync(path.join(WEB, source)));
    expect(missing).toEqual([]);
  });
});
