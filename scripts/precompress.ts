import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes a .br and a .gz beside every text file of the web build, compressed once at the strongest settings,
 * so the server (@fastify/static preCompressed) sends them without compressing on every request.
 */
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json|txt|md)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompressWebBuild(root: string): {
  files: number;
  bytesBefore: number;
  bytesAfter: number;
} {
  let count = 0;
  let bytesBefore = 0;
  let bytesAfter = 0;
  for (const file of files(root)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    const brotli = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count += 1;
    bytesBefore += data.length;
    bytesAfter += brotli.length;
  }
  return { files: count, bytesBefore, bytesAfter };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../dist/web', import.meta.url));
  const result = precompressWebBuild(root);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `Precompressed ${result.files} files: ${kb(result.bytesBefore)} → ${kb(result.bytesAfter)} (brotli)`,
  );
}
