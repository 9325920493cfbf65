import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_VIEW_DATA } from '#core/first-view-data.ts';

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json, `build.manifest` in vite.config.ts). */
interface ManifestChunk {
  file: string;
  /** A chunk's name (a vite.config.ts group's name for a grouped chunk). */
  name?: string;
  imports?: string[];
}

/**
 * The screens whose code starts loading as soon as the page opens on these paths (web/src/app.tsx preloads the
 * /auth page, web/src/routes/home.tsx the remembered tab). The shell's own chunks are already modulepreloaded by
 * index.html; what the page would only discover after running them is named here (for a path with several
 * screens, the chunks they all need). For / the Log tab's: the tab a first visit opens on (the remembered one is
 * only known in the browser; History's and Tools' chunks are found by home.tsx). They were the chunks all three tabs
 * needed while History and Tools loaded the catch form's chunk too; with the Log form in it they no longer do
 * (decision 023). A screen is its source path, or the name of the chunk that holds it when vite.config.ts groups it
 * with other modules (the manifest keys such a chunk by its file, not by the screen): the Log tab is in 'catch-form',
 * with the form it shares with History's edit dialog.
 */
export const ROUTE_SCREENS: Record<string, string[]> = {
  '/auth': ['src/features/auth/auth-page.tsx'],
  '/': ['catch-form'],
};

/**
 * `Link: </assets/x.js>; rel=modulepreload` values per path, from the build manifest: the browser fetches a
 * route's chunks beside the entry instead of after it (decision 023, a shorter critical chain). No manifest, no hints.
 */
export function routePreloadLinks(webRoot: string): Map<string, string> {
  const links = new Map<string, string>();
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return links;
  }
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const keyOf = (screen: string) =>
    manifest[screen]
      ? screen
      : (Object.keys(manifest).find((key) => manifest[key]?.name === screen) ?? screen);
  const shell = closure('index.html');
  for (const [route, screens] of Object.entries(ROUTE_SCREENS)) {
    const needed = screens.map((screen) => closure(keyOf(screen)));
    const common = [...(needed[0] ?? [])].filter(
      (key) => !shell.has(key) && needed.every((set) => set.has(key)),
    );
    const files = common.map((key) => manifest[key]?.file).filter((file) => file?.endsWith('.js'));
    if (files.length > 0) links.set(route, files.map((file) => `</${file}>; rel=modulepreload`).join(', '));
  }
  return links;
}

/**
 * The paths whose screen asks who is signed in as it starts (web/src/app.tsx): the shell, /auth (a signed-in visitor
 * goes on to the shell), /profile, and /tools and /logs..., which open the shell. Their answer names GET /api/user as
 * a preload, so the browser asks with the page's own scripts instead of once they have run: on a first visit every
 * screen's data waits for that answer, a round trip earlier this way (docs/decisions/054-user-asked-with-the-page.md).
 * The app's own request for it (credentials included) takes the preloaded answer. A page the service worker serves
 * has no such header: its precached index.html comes without it, and the kept user opens it anyway.
 */
function asksForUserAtStart(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/auth' ||
    pathname === '/profile' ||
    pathname === '/tools' ||
    pathname === '/logs' ||
    pathname.startsWith('/logs/')
  );
}

/** A preload the app's credentialed fetch (web/src/api/http.ts) takes: same address, credentials included. */
const dataPreload = (address: string) => `<${address}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/**
 * The data a History view opened by its own path asks for first, after the user, on a first visit
 * (core/first-view-data.ts): named with the page when the visitor comes with a session cookie, so it is on its way
 * while the shell's scripts load instead of after they ran (docs/decisions/055-view-data-asked-with-the-page.md).
 * Without a cookie nobody is signed in and the app would not take it. / and /logs open the view remembered in the
 * browser, which the server does not know.
 */
const VIEW_DATA: Record<string, string> = {
  '/logs/list': FIRST_VIEW_DATA.list,
  '/logs/stats': FIRST_VIEW_DATA.stats,
  '/logs/insights': FIRST_VIEW_DATA.insights,
};

/**
 * The Link header of a screen's answer: its chunks (routePreloadLinks), the user's preload, and the view's data for a
 * visitor with a session cookie; null for none.
 */
export function screenLinkHeader(
  pathname: string,
  chunkLinks: ReadonlyMap<string, string>,
  hasSessionCookie: boolean,
): string | null {
  const viewData = hasSessionCookie ? VIEW_DATA[pathname] : undefined;
  const links = [
    chunkLinks.get(pathname),
    asksForUserAtStart(pathname) ? dataPreload('/api/user') : undefined,
    viewData ? dataPreload(viewData) : undefined,
  ];
  const present = links.filter((link) => link !== undefined);
  return present.length > 0 ? present.join(', ') : null;
}
