// The ceiling for the API benchmark (decision 005): a bare node:http server that answers every request by
// serialising the same catches from memory, with no framework, no session lookup and no database.
// Usage (bench/run.ts starts it): node bench/bare-server.ts CATCHES.json PORT
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  console.error('usage: node bench/bare-server.ts CATCHES.json PORT');
  process.exit(1);
}
const catches: unknown = JSON.parse(readFileSync(file, 'utf8'));

const server = createServer((_request, response) => {
  const body = JSON.stringify(catches);
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
