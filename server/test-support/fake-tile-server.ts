import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { TileSourceSettings } from '../config/settings.ts';

/**
 * A local stand-in for a raster tile provider (OpenStreetMap's tile.openstreetmap.org/{z}/{x}/{y}.png): answers
 * every /{z}/{x}/{y}.png with a real 256 × 256 PNG (a pale water or land colour in a checkerboard, so a map shows
 * its tile grid), and records each request with its headers. Tests make it fail, hang or answer garbage.
 */
export interface FakeTileServer {
  url: string;
  /** `{url}/{z}/{x}/{y}.png`: a MAP_TILE_URL. */
  template: string;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  /** 'error' answers 503; 'hang' never answers; 'garbage' answers 200 text/html (a captive portal). */
  setFailure(failure: 'error' | 'hang' | 'garbage' | null): void;
  close(): Promise<void>;
}

/** Settings for the tile source in tests: the template is filled in by each test. */
export const TEST_TILE_SOURCE: Omit<TileSourceSettings, 'urlTemplate'> = {
  attribution: '© Test Tiles contributors',
  maxZoom: 19,
  userAgent: 'Tightlines-test/1.0 (tests)',
  timeoutMs: 500,
};

const TILE_PATH = /^\/(\d+)\/(\d+)\/(\d+)\.png$/;
const WATER = { r: 170, g: 211, b: 223 };
const LAND = { r: 242, g: 239, b: 233 };
const pngs = new Map<number, Promise<Buffer>>();

function tilePng(shade: number): Promise<Buffer> {
  let png = pngs.get(shade);
  if (!png) {
    png = sharp({
      create: { width: 256, height: 256, channels: 3, background: shade === 0 ? WATER : LAND },
    })
      .png()
      .toBuffer();
    pngs.set(shade, png);
  }
  return png;
}

export async function startFakeTileServer(options: { port?: number } = {}): Promise<FakeTileServer> {
  let failure: 'error' | 'hang' | 'garbage' | null = null;
  const requests: FakeTileServer['requests'] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const match = TILE_PATH.exec(path);
    if (!match) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not Found');
      return;
    }
    requests.push({ path, headers: request.headers });
    if (failure === 'hang') {
      hanging.add(response);
      return;
    }
    if (failure === 'error') {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('Service Unavailable');
      return;
    }
    if (failure === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>captive portal</html>');
      return;
    }
    const [z, x, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (x >= 2 ** z || y >= 2 ** z) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('No such tile');
      return;
    }
    void tilePng((x + y) % 2).then((png) => {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' });
      response.end(png);
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    template: `${url}/{z}/{x}/{y}.png`,
    requests,
    setFailure(next) {
      failure = next;
      if (next !== 'hang') {
        for (const response of hanging) response.destroy();
        hanging.clear();
      }
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
