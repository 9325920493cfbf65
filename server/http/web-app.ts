import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '#core/api-error.ts';
import { routedPath } from './api-paths.ts';
import { routePreloadLinks, screenLinkHeader } from './route-preloads.ts';

/**
 * Paths that are never a screen of the app, though they look like one: a monitoring system looking for metrics at
 * the conventional /metrics must get a 404, not the app's HTML with 200 (the metrics are at /api/metrics).
 */
const NEVER_THE_APP = new Set(['/metrics', '/metrics/']);

/**
 * The built web app (dist/web) and the answer to every path no route took: unknown API paths and missing files are
 * 404s; any other GET is a client-side route of the single-page app, answered with its shell. Without a build (API
 * tests, a missing build) only the API is served.
 */
export async function serveWebApp(
  app: FastifyInstance,
  givenRoot: string | null | undefined,
  /** The session cookie's name: a screen's answer names the view's data as a preload only for a visitor who has one. */
  sessionCookie: string,
): Promise<void> {
  const webRoot = givenRoot && existsSync(path.join(givenRoot, 'index.html')) ? givenRoot : null;
  if (givenRoot && !webRoot) app.log.warn(`No web build in ${givenRoot}: run npm run build`);
  const preloadLinks = webRoot ? routePreloadLinks(webRoot) : new Map<string, string>();
  if (webRoot) {
    const served = {
      index: false,
      // The build ships .br and .gz twins of every text file (scripts/precompress.ts).
      preCompressed: true,
      // Source maps are not published (vite.config.ts builds none); a stray one in the folder is not served.
      allowedPath: (pathName: string) => !pathName.endsWith('.map'),
      setHeaders(reply: { header: (name: string, value: string) => unknown }, filePath: string) {
        // Vite puts a content hash in every asset name; everything else must be revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    } as const;
    // The few files at the top (the shell, the service worker, the manifest, icons): a route each.
    await app.register(fastifyStatic, {
      ...served,
      root: webRoot,
      wildcard: false,
      globIgnore: ['assets/**'],
    });
    // The hashed assets through one route: a route per file would make the start and the memory grow with every
    // release whose files are kept for rolling deploys (scripts/keep-previous-assets.ts); 1,900 kept files cost
    // 200 ms of start and 22 MB (docs/decisions/050-start-up-time.md). A missing one falls to the 404 below.
    await app.register(fastifyStatic, {
      ...served,
      root: path.join(webRoot, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      decorateReply: false,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = routedPath(request);
    const namesAFile = /\.[a-z0-9]+$/i.test(pathname);
    const isScreen = !pathname.startsWith('/api/') && !namesAFile && !NEVER_THE_APP.has(pathname);
    if (webRoot && request.method === 'GET' && isScreen) {
      const links = screenLinkHeader(pathname, preloadLinks, request.cookies[sessionCookie] !== undefined);
      if (links) reply.header('Link', links);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webRoot);
    }
    const what = pathname.startsWith('/api/') ? 'endpoint' : 'page or file';
    const body: ApiErrorBody = {
      message: `No such ${what}: ${request.method} ${pathname}`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });
}
