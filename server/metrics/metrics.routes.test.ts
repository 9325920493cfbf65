import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { AppMetrics } from './app-metrics.ts';

// GET /api/metrics: Prometheus' or OpenMetrics text, behind METRICS_TOKEN, with what an operator alerts on. And
// /metrics, where monitoring systems look first, is a 404, never the web app's HTML.

const TOKEN = 'test-metrics-token-0123456789';
const authorized = { authorization: `Bearer ${TOKEN}` };

describe.each(TEST_ENGINES)('metrics on %s', (engine) => {
  let t: TestApp | undefined;
  const dirs: string[] = [];

  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function scrape(accept?: string) {
    const answer = await (t as TestApp).app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { ...authorized, ...(accept ? { accept } : {}) },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  }

  it('without METRICS_TOKEN there is no endpoint; /metrics is a 404, not the HTML shell', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'tightlines-web-'));
    dirs.push(webRoot);
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Tightlines</title>');
    t = await createTestApp(engine, { webRoot });
    // The web app still answers its own screens.
    expect((await t.app.inject({ method: 'GET', url: '/history' })).headers['content-type']).toMatch(
      /text\/html/,
    );
    for (const url of ['/metrics', '/metrics/', '/api/metrics']) {
      const answer = await t.app.inject({ method: 'GET', url });
      // Before: /metrics answered 200 with the web app's HTML.
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('asks for the token: none or a wrong one is 401', async () => {
    t = await createTestApp(engine, { metricsToken: TOKEN });
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'NOT_SIGNED_IN' });
  });

  it('counts requests per route pattern and status, with latencies, replays, queues, budgets, pool and memory', async () => {
    const metrics = new AppMetrics();
    metrics.reportBacklog('conditions', () => 7);
    t = await createTestApp(engine, { metricsToken: TOKEN, metrics });
    const angler = await ApiClient.register(t.app, 'metric_mike');
    expect((await angler.get('/api/catches?search=secret%20pond')).statusCode).toBe(200);
    await angler.get('/api/tiles/19/131071/187654');
    const sent = { clientId: randomUUID(), fishType: 'Walleye' };
    expect((await angler.post('/api/mobile-catch', sent)).statusCode).toBe(201);
    // The outbox sending the same catch again: answered from the first, counted as a replay.
    expect((await angler.post('/api/mobile-catch', sent)).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });

    const answer = await scrape();
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = answer.body;
    expect(text).toContain(
      'tightlines_http_requests_total{method="GET",route="/api/catches",status="200"} 1',
    );
    expect(text).toContain(
      'tightlines_http_requests_total{method="GET",route="/api/tiles/:z/:x/:y",status="502"} 1',
    );
    expect(text).toContain(
      'tightlines_http_requests_total{method="POST",route="/api/mobile-catch",status="201"} 1',
    );
    expect(text).toContain(
      'tightlines_http_requests_total{method="GET",route="(unknown API path)",status="404"} 1',
    );
    expect(text).toMatch(
      /tightlines_http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/catches",status="200"\} 1/,
    );
    // Never a URL: no query, no tile numbers, no unknown path.
    for (const secret of ['secret', '131071', 'no-such-thing']) expect(text).not.toContain(secret);
    expect(text).toContain('tightlines_idempotent_replays_total{operation="create"} 1');
    expect(text).toContain('tightlines_image_jobs{state="running"} 0');
    expect(text).toContain('tightlines_image_jobs{state="waiting"} 0');
    expect(text).toContain('tightlines_weather_upstream_calls{window="minute",kind="limit"} 1000');
    expect(text).toContain('tightlines_weather_refusals_total{budget="user"} 0');
    expect(text).toContain('tightlines_tile_refusals_total 0');
    expect(text).toContain('tightlines_dependency_up{dependency="database"} 1');
    expect(text).toContain('tightlines_dependency_up{dependency="photo_store"} 1');
    expect(text).toContain('tightlines_job_backlog{job="conditions"} 7');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    if (engine === 'postgres')
      expect(text).toMatch(/^tightlines_database_pool_connections\{state="max"\} 5$/m);
    else expect(text).not.toContain('tightlines_database_pool_connections{');

    // OpenMetrics for a scraper that asks for it.
    const open = await scrape('application/openmetrics-text; version=1.0.0,text/plain;q=0.5');
    expect(open.headers['content-type']).toBe('application/openmetrics-text; version=1.0.0; charset=utf-8');
    expect(open.body.trimEnd().endsWith('# EOF')).toBe(true);
    expect(open.body).toContain('tightlines_idempotent_replays_total{operation="create"} 1');
  });
});
