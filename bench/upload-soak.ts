/**
 * A sustained concurrent upload run, from outside: `--parallel` anglers upload photos for `--seconds`, each as fast
 * as the server answers, mixing small and large photos and files that are not images (refused in the image
 * worker's header check, so answers finish together with decodes: what once left a stray idle timer that stopped
 * the worker under a busy photo). Prints the answers by status and code, and exits 1 on any 5xx but the queue's
 * own 503 SERVER_BUSY (a full queue, which the app retries).
 *
 * Start a server first, with its own data and no upload or global limit, e.g.
 *   DATA_DIR=$(mktemp -d) PORT=5124 RATE_LIMIT_GLOBAL_PER_MINUTE=0 RATE_LIMIT_UPLOADS_PER_USER=1000000 \
 *     PHOTO_QUOTA_MB=100000 LOG_LEVEL=warn npm start
 * then: npx node bench/upload-soak.ts --url=http://127.0.0.1:5124 --seconds=300 --parallel=6
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:5124' },
    seconds: { type: 'string', default: '300' },
    parallel: { type: 'string', default: '6' },
  },
});
const baseUrl = values.url;
const until = Date.now() + Number(values.seconds) * 1000;
const parallel = Number(values.parallel);

/** A photo of noise (it does not compress away), of the given size. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + width) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const files: { name: string; type: string; bytes: Buffer; expected: number }[] = [
  { name: 'small.jpg', type: 'image/jpeg', bytes: await photo(320, 240), expected: 201 },
  { name: 'phone.jpg', type: 'image/jpeg', bytes: await photo(2400, 1800), expected: 201 },
  { name: 'large.jpg', type: 'image/jpeg', bytes: await photo(4000, 3000), expected: 201 },
  { name: 'notes.jpg', type: 'image/jpeg', bytes: Buffer.from('I caught a 12 lb pike!'), expected: 400 },
];

const counts = new Map<string, number>();
const unexpected: string[] = [];
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

async function angler(n: number): Promise<void> {
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `soak_${n}_${randomUUID().slice(0, 6)}`, password: 'river-trout-42' }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const cookie = (registered.headers.get('set-cookie') ?? '').split(';', 1)[0] as string;
  for (let i = n; Date.now() < until; i++) {
    const file = files[i % files.length] as (typeof files)[number];
    const form = new FormData();
    form.append('photo', new Blob([file.bytes], { type: file.type }), file.name);
    try {
      const answer = await fetch(`${baseUrl}/api/upload`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      const body = (await answer.json()) as { code?: string; message?: string };
      count(`${answer.status}${body.code ? ` ${body.code}` : ''}`);
      const busy = answer.status === 503 && body.code === 'SERVER_BUSY';
      if (answer.status !== file.expected && !busy) {
        unexpected.push(`${file.name}: ${answer.status} ${body.code} ${body.message}`);
      }
    } catch (error) {
      count('no answer');
      unexpected.push(`${file.name}: ${(error as Error).message}`);
    }
  }
}

const started = Date.now();
await Promise.all(Array.from({ length: parallel }, (_, n) => angler(n)));
const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
console.log(
  `${total} uploads in ${Math.round((Date.now() - started) / 1000)} s from ${parallel} anglers at once: ` +
    [...counts].map(([key, n]) => `${n} × ${key}`).join(', '),
);
if (unexpected.length > 0) {
  console.log(`unexpected answers (${unexpected.length}):\n${unexpected.slice(0, 20).join('\n')}`);
  process.exit(1);
}
