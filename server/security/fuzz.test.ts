// Property-based fuzzing (fast-check) of every JSON endpoint, every query parameter, every path parameter, the
// session cookie and the upload route: whatever arrives, the answer is never a 5xx, an error is always
// `{ message: string, code }` with a code of the union in core/api-error.ts, and a saved catch always comes back with JSON numbers.
//
// Reproducible: a fixed seed (printed; FUZZ_SEED=n to try another, FUZZ_RUNS=n for more runs per endpoint).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '#core/api-error.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { type FakeOpenMeteo, startFakeOpenMeteo } from '../test-support/fake-open-meteo.ts';
import { smallJpeg } from '../test-support/hostile-inputs.ts';
import { createTestApp, TEST_ENGINES, type TestApp } from '../test-support/test-app.ts';
import { OpenMeteoProvider } from '../weather/open-meteo.provider.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
console.log(
  `fuzz.test.ts: fast-check seed ${SEED}, ${RUNS} runs per endpoint (FUZZ_SEED / FUZZ_RUNS to change)`,
);
const params = { seed: SEED, numRuns: RUNS, endOnFailure: true };

/** argon2id costs ~50 ms a hash; fuzzing registration and login needs thousands, so use a plain stand-in. */
const fastHasher: PasswordHasher = {
  hash: async (password) => `plain:${Buffer.from(password).toString('hex')}`,
  verify: async (password, stored) => stored === `plain:${Buffer.from(password).toString('hex')}`,
};

/** Percent-encodes any string; lone surrogates (which encodeURIComponent refuses) become U+FFFD first. */
const encode = (text: string) => encodeURIComponent(text.toWellFormed());

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries: plausible values, near-misses and plain junk, mixed.

/** Text with the characters that break things: NUL, lone surrogates, RTL marks, quotes, SQL and LIKE syntax. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'bass\u0000pike',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Eevil',
    "' OR 1=1 --",
    '"; DROP TABLE catches; --',
    '%',
    '_',
    '\\',
    '%_\\',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '0x10',
    ' 12.5 ',
    '١٢',
    '😀'.repeat(50),
    'x'.repeat(5001),
  ),
);

const nastyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 5000, 5000.0001),
);

/** Any JSON value, with nasty strings and numbers mixed in. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    nastyNumber,
    nastyText,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const uuidLike = fc.oneof(
  fc.uuid(),
  fc.constant('00000000-0000-0000-0000-000000000000'),
  fc.constant('-'.repeat(36)),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef-'), minLength: 36, maxLength: 36 }),
  nastyText,
);

/** A field value: mostly of the right kind, often not. */
const fieldValue = (right: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: right }, anyJson);

const catchBody = fc.record(
  {
    fishType: fieldValue(nastyText),
    weight: fieldValue(fc.oneof(nastyNumber, nastyText)),
    length: fieldValue(fc.oneof(nastyNumber, nastyText)),
    locationName: fieldValue(nastyText),
    latitude: fieldValue(fc.oneof(fc.double({ min: -91, max: 91 }), nastyText)),
    longitude: fieldValue(fc.oneof(fc.double({ min: -181, max: 181 }), nastyText)),
    notes: fieldValue(nastyText),
    waterTemperature: fieldValue(nastyNumber),
    depth: fieldValue(nastyNumber),
    catchDate: fieldValue(
      fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '2026-1-1'),
      ),
    ),
    timeOfDay: fieldValue(fc.constantFrom('00:00', '23:59', '24:00', '12:60', '7:05', '12:00:00')),
    lineSize: fieldValue(nastyText),
    baitUsed: fieldValue(nastyText),
    photo: fieldValue(
      fc.oneof(
        uuidLike.map((id) => `/api/photos/${id}.webp`),
        fc.constantFrom(
          '/api/photos/../../x.webp',
          'http://evil.example/a.webp',
          'data:image/png;base64,AAAA',
        ),
      ),
    ),
    clientId: fieldValue(uuidLike),
    createdAt: fieldValue(
      fc.oneof(
        fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
        fc.constantFrom('+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', 'yesterday'),
        nastyNumber,
      ),
    ),
    userId: anyJson,
  },
  { requiredKeys: [] },
);

/**
 * A valid catch with one field replaced by a nasty value of roughly its own kind: gets past validation far more
 * often than catchBody, so the repository and the database see the odd values too.
 */
const TEXT_FIELDS = ['fishType', 'locationName', 'notes', 'lineSize', 'baitUsed'] as const;
const NUMBER_INPUTS = ['weight', 'length', 'latitude', 'longitude', 'waterTemperature', 'depth'] as const;
const almostValidCatch = fc
  .tuple(
    fc.oneof(
      fc.tuple(fc.constantFrom(...TEXT_FIELDS), nastyText as fc.Arbitrary<unknown>),
      fc.tuple(fc.constantFrom(...NUMBER_INPUTS), fc.oneof(nastyNumber, nastyText) as fc.Arbitrary<unknown>),
      fc.tuple(fc.constantFrom('catchDate', 'timeOfDay', 'clientId', 'createdAt', 'photo'), anyJson),
    ),
    fc.uuid(),
  )
  .map(([[field, value], clientId]) => ({
    fishType: 'Largemouth Bass',
    weight: 2.5,
    length: 14,
    locationName: 'Lake Tahoe, US',
    latitude: 39.1,
    longitude: -120.03,
    notes: 'Slow retrieve',
    waterTemperature: 61,
    depth: 12,
    catchDate: '2026-05-01',
    timeOfDay: '06:30',
    lineSize: '8 lb mono',
    baitUsed: 'Nightcrawler',
    clientId,
    [field]: value,
  }));

const credentialsBody = fc.record(
  {
    username: fieldValue(fc.oneof(fc.stringMatching(/^[a-z0-9_.-]{3,32}$/), nastyText)),
    password: fieldValue(fc.oneof(fc.string({ minLength: 6, maxLength: 300 }), nastyText)),
  },
  { requiredKeys: [] },
);

/** What the account routes take (docs/product.md#account), with every field nasty or missing. */
const accountBody = fc.record(
  {
    currentPassword: fieldValue(fc.oneof(fc.string({ minLength: 1, maxLength: 300 }), nastyText)),
    newPassword: fieldValue(fc.oneof(fc.string({ minLength: 6, maxLength: 300 }), nastyText)),
    password: fieldValue(fc.oneof(fc.string({ minLength: 1, maxLength: 300 }), nastyText)),
  },
  { requiredKeys: [] },
);

/** A raw body that claims to be JSON: valid JSON of any shape, or broken text. */
const rawJsonBody = fc.oneof(
  anyJson.map((value) => JSON.stringify(value) ?? 'null'),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('{', '{"fishType":', '[', '"\\u0000"', '{"a":1,"a":2}', '\u0000', '{"__proto__":{"x":1}}'),
);

const queryChars = fc.constantFrom(...'abc019=&;%[]+,.-_~ \u00e9'.split(''));
/** A query string: pairs of known and unknown keys with encoded values, repeats, arrays and broken escapes. */
const queryString = (keys: string[]) =>
  fc.oneof(
    fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...keys, ...keys.map((k) => `${k}[]`), ...keys.map((k) => `${k}[x]`)),
            nastyText,
          ),
          fc.oneof(nastyText, nastyNumber.map(String)),
        ),
        { maxLength: 4 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
    fc.string({ unit: queryChars, maxLength: 40 }).map((raw) => encodeURI(raw).replace(/%25/g, '%')),
    fc.constantFrom('lat=%', 'lat=%zz&lon=%E0%A4%A', 'search=%00', 'lat=1&lat=2&lon=3', '&&&', '='),
  );

/** A path segment: encoded arbitrary text or raw junk. */
const pathSegment = fc.oneof(
  nastyText.map((s) => encode(s)),
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '1.5', '1e3', '9'.repeat(30), '%', '%00', '..', '%2e%2e', 'null', 'undefined'),
  uuidLike.map((s) => encode(s)),
);

// ---------------------------------------------------------------------------------------------------------------

function expectSaneAnswer(response: LightMyRequestResponse, what: string): void {
  const context = `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json() as { message?: unknown; code?: unknown };
    expect(typeof body.message, context).toBe('string');
    expect(API_ERROR_CODES, context).toContain(body.code);
  }
}

const NUMBER_FIELDS = ['id', 'weight', 'length', 'latitude', 'longitude', 'waterTemperature', 'depth'];

function expectCatchShape(response: LightMyRequestResponse): void {
  if (response.statusCode !== 200 && response.statusCode !== 201) return;
  const body = response.json() as Record<string, unknown>;
  for (const field of NUMBER_FIELDS) {
    const value = body[field];
    expect(value === null || (typeof value === 'number' && Number.isFinite(value)), field).toBe(true);
  }
  expect(typeof body.fishType).toBe('string');
}

describe.each(TEST_ENGINES)('fuzzing the API on %s: never a 5xx', (engine) => {
  let t: TestApp;
  let weather: FakeOpenMeteo;
  let alice: ApiClient;
  let cookie: string;

  beforeAll(async () => {
    weather = await startFakeOpenMeteo();
    t = await createTestApp(engine, {
      hasher: fastHasher,
      weatherProvider: new OpenMeteoProvider(weather.url, 2000),
    });
    alice = await ApiClient.register(t.app, 'fuzz_alice');
    cookie = alice.cookie;
    // Something to find, delete and attach.
    for (let i = 0; i < 5; i++) await alice.createCatch({ fishType: `Bass ${i}`, clientId: randomUUID() });
  });
  afterAll(async () => {
    await t.close();
    await weather.close();
  });

  const send = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { cookie, ...(options.headers ?? {}) } });

  it.each(['/api/catches', '/api/mobile-catch', '/api/emergency-catch'])(
    'POST %s with catch-shaped bodies',
    async (url) => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(catchBody, almostValidCatch), async (body) => {
          const response = await send({ method: 'POST', url, payload: body as InjectOptions['payload'] });
          expectSaneAnswer(response, `POST ${url} ${JSON.stringify(body).slice(0, 200)}`);
          expectCatchShape(response);
        }),
        params,
      );
    },
  );

  it.each(['id', 'clientId'] as const)(
    'PATCH a catch by %s with catch-shaped bodies (any subset of fields) and any JSON text',
    async (by) => {
      // The catches so far (those the fuzzed posts saved too); some were saved without a clientId.
      const catches = (await alice.get('/api/catches')).json() as { id: number; clientId: string | null }[];
      const urls = catches.flatMap((item) => {
        if (by === 'id') return [`/api/catches/${item.id}`];
        return item.clientId ? [`/api/catches/client/${item.clientId}`] : [];
      });
      const body = fc.oneof(
        fc.oneof(catchBody, almostValidCatch).map((value) => JSON.stringify(value)),
        rawJsonBody,
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...urls), body, async (url, raw) => {
          const response = await send({
            method: 'PATCH',
            url,
            payload: raw,
            headers: { 'content-type': 'application/json' },
          });
          expectSaneAnswer(response, `PATCH ${url} ${raw.slice(0, 200)}`);
          expectCatchShape(response);
        }),
        params,
      );
    },
  );

  it.each([
    ['a catch', '/api/mobile-catch', { fishType: 'Bass\u0000Pike' }],
    ['catch notes', '/api/catches', { fishType: 'Bass', notes: 'deep\u0000water' }],
    ['a login', '/api/login', { username: 'fuzz\u0000alice', password: 'whatever-123' }],
    ['a registration', '/api/register', { username: 'nul\u0000user', password: 'whatever-123' }],
  ])(
    'refuses a NUL character in %s with 400 (PostgreSQL cannot store it; found by this fuzzer)',
    async (_l, url, body) => {
      const response = await send({ method: 'POST', url, payload: body });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    },
  );

  it('refuses a NUL character in a search with 400 (found by this fuzzer)', async () => {
    const response = await send({ method: 'GET', url: '/api/catches?search=bass%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Text must not contain the NUL character');
  });

  it.each([
    '/api/catches',
    '/api/mobile-catch',
    '/api/register',
    '/api/login',
    '/api/logout',
    '/api/logout-all',
    '/api/account/password',
  ])('POST %s with any JSON text', async (url) => {
    await fc.assert(
      fc.asyncProperty(rawJsonBody, async (raw) => {
        // No cookie: fuzzing logout must not end the session the other properties use.
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: raw,
          headers: { 'content-type': 'application/json' },
        });
        expectSaneAnswer(response, `POST ${url} ${JSON.stringify(raw).slice(0, 200)}`);
      }),
      params,
    );
  });

  it.each(['/api/register', '/api/login'])('POST %s with credential-shaped bodies', async (url) => {
    await fc.assert(
      fc.asyncProperty(credentialsBody, async (body) => {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: body as InjectOptions['payload'],
        });
        expectSaneAnswer(response, `POST ${url} ${JSON.stringify(body).slice(0, 200)}`);
      }),
      params,
    );
  });

  it.each([
    ['POST', '/api/account/password'],
    ['DELETE', '/api/account'],
  ] as const)('%s %s signed in, with account-shaped bodies and any JSON text', async (method, url) => {
    // An account of its own: a lucky guess must not end the session or the account the other properties use.
    const owner = await ApiClient.register(t.app, `fuzz_${method.toLowerCase()}`, 'fuzz-owner-password-9');
    const body = fc.oneof(
      accountBody.map((value) => JSON.stringify(value)),
      rawJsonBody,
    );
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const response = await t.app.inject({
          method,
          url,
          payload: raw,
          headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        });
        expectSaneAnswer(response, `${method} ${url} ${raw.slice(0, 200)}`);
      }),
      params,
    );
    expect((await owner.get('/api/user')).statusCode).toBe(200);
  });

  it('POST with any Content-Type header', async () => {
    const contentType = fc.oneof(
      // Header values must be printable ASCII, or the HTTP layer (not the app) refuses them.
      fc.string({ maxLength: 40 }).filter((s) => [...s].every((ch) => ch >= ' ' && ch <= '~')),
      fc.constantFrom(
        'application/json; charset=utf-16',
        'application/json;;',
        'application/jsonx',
        'APPLICATION/JSON',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=x',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
      ),
    );
    await fc.assert(
      fc.asyncProperty(contentType, rawJsonBody, async (type, raw) => {
        const response = await send({
          method: 'POST',
          url: '/api/mobile-catch',
          payload: raw,
          headers: { 'content-type': type },
        });
        expectSaneAnswer(response, `POST /api/mobile-catch as ${type}`);
      }),
      params,
    );
  });

  it.each([
    ['/api/catches', ['search']],
    ['/api/weather', ['lat', 'lon']],
    ['/api/reverse-geocode', ['lat', 'lon']],
    ['/api/places', ['search']],
    ['/api/user', ['id']],
    ['/api/export', ['format']],
  ])('GET %s with any query string', async (url, keys) => {
    await fc.assert(
      fc.asyncProperty(queryString(keys), async (query) => {
        const response = await send({ method: 'GET', url: `${url}?${query}` });
        expectSaneAnswer(response, `GET ${url}?${query}`);
      }),
      params,
    );
  });

  it('GET /api/weather and /api/reverse-geocode with any coordinates', async () => {
    const coordinate = fc.oneof(
      fc.double(),
      fc.double({ min: -200, max: 200 }),
      nastyText.map((s) => s),
    );
    await fc.assert(
      fc.asyncProperty(coordinate, coordinate, async (lat, lon) => {
        const query = `lat=${encode(String(lat))}&lon=${encode(String(lon))}`;
        for (const url of ['/api/weather', '/api/reverse-geocode']) {
          expectSaneAnswer(await send({ method: 'GET', url: `${url}?${query}` }), `GET ${url}?${query}`);
        }
      }),
      params,
    );
  });

  it.each([
    ['DELETE', '/api/catches/'],
    ['DELETE', '/api/catches/client/'],
    ['GET', '/api/photos/'],
  ] as const)('%s %s with any path segment', async (method, prefix) => {
    await fc.assert(
      fc.asyncProperty(pathSegment, queryString(['size']), async (segment, query) => {
        const url = `${prefix}${segment}${method === 'GET' ? `.webp?${query}` : ''}`;
        expectSaneAnswer(await send({ method, url }), `${method} ${url}`);
      }),
      params,
    );
  });

  it.each(['/api/catches/', '/api/catches/client/'])('PATCH %s with any path segment', async (prefix) => {
    await fc.assert(
      fc.asyncProperty(
        pathSegment,
        fc.oneof(catchBody, fc.constant({ notes: 'fuzzed' })),
        async (segment, body) => {
          const url = `${prefix}${segment}`;
          const response = await send({ method: 'PATCH', url, payload: body as InjectOptions['payload'] });
          expectSaneAnswer(response, `PATCH ${url}`);
          expectCatchShape(response);
        },
      ),
      params,
    );
  });

  it('any session cookie value', async () => {
    const cookieValue = fc.oneof(
      nastyText.map((s) => encode(s)),
      fc.string({ unit: fc.constantFrom(...'abcAZ09_-%=;, "\\'.split('')), maxLength: 80 }),
    );
    await fc.assert(
      fc.asyncProperty(cookieValue, async (value) => {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/catches',
          headers: { cookie: `${SESSION_COOKIE}=${value}` },
        });
        expectSaneAnswer(response, `cookie ${value}`);
        expect(response.statusCode).toBe(401);
      }),
      params,
    );
  });

  it('POST /api/upload with mangled images', async () => {
    const jpeg = await smallJpeg();
    const mangled = fc.oneof(
      // Flip, cut or pad a real JPEG.
      fc
        .tuple(
          fc.nat({ max: jpeg.length - 1 }),
          fc.integer({ min: 0, max: 255 }),
          fc.nat({ max: jpeg.length }),
        )
        .map(([at, byte, cut]) => {
          const copy = Buffer.from(jpeg);
          copy[at] = byte;
          return copy.subarray(0, Math.max(cut, 3));
        }),
      // Known magic bytes followed by noise.
      fc
        .tuple(
          fc.constantFrom(
            [0xff, 0xd8, 0xff],
            [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
            [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
            [0x49, 0x49, 0x2a, 0x00],
            [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
          ),
          fc.uint8Array({ maxLength: 400 }),
        )
        .map(([magic, noise]) => Buffer.concat([Buffer.from(magic), Buffer.from(noise)])),
    );
    const boundary = '----fuzz-boundary';
    await fc.assert(
      fc.asyncProperty(mangled, async (bytes) => {
        const payload = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="f.jpg"\r\n` +
              'Content-Type: image/jpeg\r\n\r\n',
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const response = await send({
          method: 'POST',
          url: '/api/upload',
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expectSaneAnswer(response, `upload of ${bytes.length} bytes`);
      }),
      { ...params, numRuns: Math.min(RUNS, 100) },
    );
  });

  it('POST /api/import with mangled JSON, CSV and ZIP files', async () => {
    const exported = await Promise.all(
      ['json', 'csv', 'zip'].map(
        async (format) => (await send({ method: 'GET', url: `/api/export?format=${format}` })).rawPayload,
      ),
    );
    const mangledFile = fc.oneof(
      // Flip, cut or pad a real export of each kind.
      fc
        .tuple(fc.constantFrom(...exported), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.nat())
        .map(([file, at, byte, cut]) => {
          const copy = Buffer.from(file);
          copy[at % copy.length] = byte;
          return copy.subarray(0, Math.max(cut % (copy.length + 1), 1));
        }),
      // Catch-shaped rows in our JSON, and any JSON at all.
      fc
        .array(fc.oneof(catchBody, almostValidCatch), { maxLength: 4 })
        .map((catches) => Buffer.from(JSON.stringify({ format: 'tightlines-export', version: 1, catches }))),
      anyJson.map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
      // CSV text with our header and nasty cells.
      fc
        .array(fc.array(nastyText, { maxLength: 6 }), { maxLength: 4 })
        .map((rows) =>
          Buffer.from(
            ['fishType,weight,catchDate,clientId,photo,notes', ...rows.map((cells) => cells.join(','))].join(
              '\r\n',
            ),
          ),
        ),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    );
    const boundary = '----fuzz-import';
    await fc.assert(
      fc.asyncProperty(mangledFile, async (bytes) => {
        const payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\n`),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const response = await send({
          method: 'POST',
          url: '/api/import',
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expectSaneAnswer(
          response,
          `import of ${bytes.length} bytes: ${bytes.subarray(0, 120).toString('latin1')}`,
        );
      }),
      { ...params, numRuns: Math.min(RUNS, 100) },
    );
  });

  const MALFORMED_UPLOAD = 'The upload is not a valid multipart form. Please try again.';
  const photoPartHead =
    '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';

  it.each([
    ['garbage', 'garbage'],
    ['only an opening boundary', '--xyz'],
    ['a part with no closing boundary', `${photoPartHead}\xff\xd8\xff\xe0 and then the body just stops`],
    ['a part header that never ends', '--xyz\r\nContent-Disposition: form-data; name="photo"'],
  ])(
    'POST /api/upload with a malformed multipart body (%s) → 400, not 500 (found from outside)',
    async (_label, payload) => {
      const response = await send({
        method: 'POST',
        url: '/api/upload',
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MALFORMED_UPLOAD, code: 'MALFORMED_UPLOAD' });
    },
  );

  it('POST /api/upload with broken multipart framing: cut, corrupted, or with another boundary', async () => {
    const jpeg = await smallJpeg();
    const valid = Buffer.concat([Buffer.from(photoPartHead), jpeg, Buffer.from('\r\n--xyz--\r\n')]);
    const body = fc.oneof(
      // Cut anywhere before the closing boundary.
      fc.nat({ max: valid.length - 10 }).map((cut) => valid.subarray(0, cut)),
      // A framing byte (boundary, header or CRLF) replaced.
      fc
        .tuple(fc.nat({ max: photoPartHead.length - 1 }), fc.integer({ min: 0, max: 255 }))
        .map(([at, byte]) => {
          const copy = Buffer.from(valid);
          copy[at] = byte;
          return copy;
        }),
      // Noise around boundaries.
      fc
        .array(
          fc.oneof(fc.constantFrom('--xyz', '--xyz--', '\r\n', '\r\n\r\n', photoPartHead), fc.string()),
          {
            maxLength: 8,
          },
        )
        .map((pieces) => Buffer.from(pieces.join(''))),
    );
    const boundary = fc.constantFrom('xyz', 'xyz', 'xyz', '', '"xyz"', 'x'.repeat(80), 'a b', 'xy\u00e9z');
    await fc.assert(
      fc.asyncProperty(body, boundary, async (payload, boundaryParam) => {
        const response = await send({
          method: 'POST',
          url: '/api/upload',
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundaryParam}` },
        });
        expectSaneAnswer(response, `upload of ${payload.length} bytes, boundary ${boundaryParam}`);
      }),
      { ...params, numRuns: Math.min(RUNS, 100) },
    );
  });

  it('the signed-in user is still there and the server still answers', async () => {
    expect((await alice.get('/api/user')).statusCode).toBe(200);
    expect((await alice.get('/api/catches')).statusCode).toBe(200);
  });
});
