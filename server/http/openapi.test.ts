import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchCreateSchema, catchSchema, catchUpdateSchema } from '#core/catch-schema.ts';
import { insightQuerySchema, insightsSchema } from '#core/insight-schema.ts';
import { statsSummarySchema } from '#core/stats-schema.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { jsonSchemaOf } from './route-contract.ts';

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security: unknown[];
};
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Every route Fastify has, read from its own route tree (not from the document's bookkeeping). */
function registeredRoutes(app: TestApp['app']): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method: method.toLowerCase(), path });
    }
  }
  return routes;
}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let document: OpenApi;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    // Public: no session cookie.
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every registered /api route with its method', () => {
    const apiRoutes = registeredRoutes(t.app).filter((route) => route.path.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(15);
    for (const { method, path } of apiRoutes) {
      const documented = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(document.paths[documented]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    expect(document.paths['/api/catches/{id}']?.delete?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
    ]);
  });

  it('shows every route with its contract: a summary and its success answer', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.summary, `${method.toUpperCase()} ${path} declares no routeContract`).toBeTruthy();
        expect(Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))).toBe(true);
      }
    }
  });

  it('describes catches with the core schema', () => {
    const catchJson = jsonSchemaOf(catchSchema, 'output');
    for (const path of ['/api/catches', '/api/mobile-catch', '/api/emergency-catch']) {
      const create = document.paths[path]?.post;
      expect(create?.responses['201']?.content?.['application/json']?.schema).toEqual(catchJson);
      expect(create?.requestBody?.content['application/json']?.schema).toEqual(
        jsonSchemaOf(catchCreateSchema, 'input'),
      );
    }
    expect(
      document.paths['/api/catches']?.get?.responses['200']?.content?.['application/json']?.schema,
    ).toEqual({ type: 'array', items: catchJson });
    // Every field of the core schema, and only those.
    expect(Object.keys(catchJson.properties as object).sort()).toEqual(Object.keys(catchSchema.shape).sort());
    // Optional on the wire: only the fish type must be sent.
    expect(jsonSchemaOf(catchCreateSchema, 'input').required).toEqual(['fishType']);
    // An edit sends any subset of the written fields, by server id or by the device's id.
    const updateJson = jsonSchemaOf(catchUpdateSchema, 'input');
    expect(updateJson.required).toBeUndefined();
    for (const path of ['/api/catches/{id}', '/api/catches/client/{clientId}']) {
      const update = document.paths[path]?.patch;
      expect(update?.requestBody?.content['application/json']?.schema).toEqual(updateJson);
      expect(update?.responses['200']?.content?.['application/json']?.schema).toEqual(catchJson);
      expect(update?.security).toEqual([{ session: [] }]);
    }
  });

  it('describes insights with the core schemas: its query, its answer, its session', () => {
    const insights = document.paths['/api/insights']?.get;
    expect(insights?.responses['200']?.content?.['application/json']?.schema).toEqual(
      jsonSchemaOf(insightsSchema, 'output'),
    );
    expect(insights?.parameters).toEqual(
      Object.keys(insightQuerySchema.shape).map((name) =>
        expect.objectContaining({ name, in: 'query', required: false }),
      ),
    );
    expect(insights?.parameters?.map((parameter) => parameter.name)).toEqual([
      'species',
      'from',
      'to',
      'spotId',
    ]);
    expect(insights?.security).toEqual([{ session: [] }]);
  });

  it("describes Stats' summary with its core schema and its session", () => {
    const stats = document.paths['/api/stats']?.get;
    expect(stats?.responses['200']?.content?.['application/json']?.schema).toEqual(
      jsonSchemaOf(statsSummarySchema, 'output'),
    );
    expect(stats?.security).toEqual([{ session: [] }]);
  });

  it('says which routes need the session cookie, and carries no secrets', () => {
    expect(document.paths['/api/login']?.post?.security).toEqual([]);
    expect(document.paths['/api/catches']?.get?.security).toEqual([{ session: [] }]);
    expect(JSON.stringify(document)).not.toMatch(/password_hash|passwordHash|DATABASE_URL|secret/i);
  });
});

describe('response schemas from zod', () => {
  it('are shaped for the fast serialiser: a nullable field is a type pair, not an anyOf', () => {
    const catchJson = jsonSchemaOf(catchSchema, 'output') as { properties: Record<string, unknown> };
    expect(catchJson.properties.weight).toEqual({ type: ['number', 'null'], minimum: 0, maximum: 5000 });
    expect(JSON.stringify(catchJson)).not.toContain('anyOf');
  });
});
