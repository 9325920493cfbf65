import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';

/**
 * docs/api.md against the running app: every route of GET /api/openapi.json has a row in docs/api.md, and every
 * route the page names exists. A route is written `METHOD /path` in the first column of a table row; a bare
 * `/path` after it takes the same method; `:name` is a path parameter; `[...]` and `?...` (the query) are not part
 * of the route.
 */
const API_DOC = path.resolve(import.meta.dirname, '..', '..', 'docs', 'api.md');

/** "METHOD /path" for each route named in the first column of the page's table rows ({name} for parameters). */
function routesInApiDoc(markdown: string): string[] {
  const routes: string[] = [];
  for (const line of markdown.split('\n')) {
    // A pipe inside a cell is written \| (as in `GET /api/export?format=json\|csv`).
    const firstCell = /^\|((?:[^|\\]|\\.)*)\|/.exec(line)?.[1];
    if (!firstCell) continue;
    let method: string | null = null;
    for (const [, code = ''] of firstCell.matchAll(/`([^`]+)`/g)) {
      const match = /^(?:(GET|POST|PUT|PATCH|DELETE) )?(\/[^\s[?]*)/.exec(code);
      if (!match) continue;
      method = match[1] ?? method;
      if (!method) continue;
      routes.push(`${method} ${(match[2] ?? '').replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  }
  return routes;
}

describe('docs/api.md', () => {
  let t: TestApp;
  let documented: string[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    const openapi = response.json() as { paths: Record<string, Record<string, unknown>> };
    documented = Object.entries(openapi.paths).flatMap(([route, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`),
    );
  });
  afterAll(() => t.close());

  it('reads the routes of a row, a bare path taking the method before it', () => {
    const sample = [
      '| route | auth | |',
      '| --- | --- | --- |',
      '| `GET /api/catches[?search=][&limit=N]` | yes | the list |',
      '| `POST /api/catches`, `/api/mobile-catch` | yes | `POST /api/not-a-route` in the notes |',
      '| `GET /api/photos/:file[?size=thumb]` | yes | |',
      '| `GET /api/export?format=json\\|csv` | yes | |',
      '| `PORT` | `5000` | a configuration table |',
    ].join('\n');
    expect(routesInApiDoc(sample)).toEqual([
      'GET /api/catches',
      'POST /api/catches',
      'POST /api/mobile-catch',
      'GET /api/photos/{file}',
      'GET /api/export',
    ]);
  });

  it('names every route of GET /api/openapi.json, and no other', () => {
    const inDoc = new Set(routesInApiDoc(readFileSync(API_DOC, 'utf8')));
    expect(documented.length).toBeGreaterThan(20);
    expect(
      documented.filter((route) => !inDoc.has(route)).sort(),
      'in the OpenAPI document, not in docs/api.md',
    ).toEqual([]);
    expect(
      [...inDoc].filter((route) => !documented.includes(route)).sort(),
      'in docs/api.md, not in the app',
    ).toEqual([]);
  });
});
