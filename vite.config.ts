import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** What loadedBefore reads of a chunk of the build. */
interface OutputChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
}

/** The build's chunks as they are being written (preloadLists keeps them for loadedBefore). */
let writtenChunks: Record<string, OutputChunk> = {};

/** The chunks loaded before code in `host` runs: it, its static imports all the way down, and the entry's. */
function loadedBefore(host: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of writtenChunks[file]?.imports ?? []) visit(imported);
  };
  visit(host);
  for (const chunk of Object.values(writtenChunks)) if (chunk.isEntry) visit(chunk.fileName);
  return loaded;
}

/** Keeps the chunks for modulePreload.resolveDependencies, which Vite calls while it writes the preload lists. */
const preloadLists = {
  name: 'preload-lists',
  generateBundle(_options: unknown, bundle: Record<string, OutputChunk | { type: 'asset' }>) {
    writtenChunks = Object.fromEntries(
      Object.entries(bundle).filter((entry): entry is [string, OutputChunk] => entry[1].type === 'chunk'),
    );
  },
};

// The React PWA lives in web/; its build lands in dist/web, which the Fastify server serves.
// In development (`npm run dev:web`) Vite proxies /api to the server on port 5000; the service worker is only
// built for production (`npm run build`), so development never serves stale files from a cache.
export default defineConfig({
  root: 'web',
  plugins: [
    preloadLists,
    react(),
    tailwindcss(),
    // The service worker is ours (web/src/sw.ts, every cache rule commented there); the plugin builds it,
    // injects the precache list and writes the web app manifest. Registration: offline/update-prompt.tsx.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Tightlines Fishing Log',
        short_name: 'Tightlines',
        description:
          'Your personal fishing log: record catches with photos and GPS, browse your history and check ' +
          'weather, pressure and gear tips, even offline.',
        lang: 'en',
        theme_color: '#0b5e78',
        background_color: '#f3f6f8',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        categories: ['sports', 'lifestyle', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell and every bundled file (all lazy chunks too, so every tab and page opens offline);
        // not the source maps, not downloadable documents in public/.
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
        globIgnores: ['**/*.map'],
        // The service worker itself carries no source map into the precache either.
        sourcemap: false,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./web/src/lib/use-sync-external-store-shim.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // No source maps in the published build: they would hand out the whole original source.
    sourcemap: false,
    // .vite/manifest.json: which chunks each page needs (server/app.ts sends them as preload hints).
    manifest: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry chunk.
    // A dynamic import's list of chunks to preload leaves out those loaded before it can run: the importing chunk's
    // own static imports, all the way down, and what index.html loads (React's 'vendor' chunk, the runtime, the
    // entry). The preload helper skipped them anyway; their names in every list were bytes of the shell's first
    // load (decision 023).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !loadedBefore(hostId).has(dep)) : deps,
    },
    rolldownOptions: {
      output: {
        // Rolldown's automatic splitting made ~80 chunks, 20 of them needed before the first render (each one a
        // request on a slow phone network). Instead (decision 023):
        // - every library the first render needs (React, TanStack Query, wouter, lucide's base...) in one 'vendor'
        //   chunk, and our own code it needs in the entry chunk ('$initial': statically imported from the entry);
        //   the few form widgets and unit rules that the Log tab, /auth and Tools all draw with in 'widgets';
        // - react-hook-form, shared by /auth, the Log tab and the edit dialog, in 'forms';
        // - the Log tab with the form's fields it shares with History's edit dialog in 'catch-form': the Log tab's
        //   one chunk, nothing more (decision 023: it used to pull zod and date-fns in with 'lazy-shared');
        // - zod (the contract the forms check with, /auth's and Profile's forms) in 'contract', date-fns in 'dates',
        //   menus and dialogs in 'overlays': none of them needed by the Log tab's first screen; 'outbox' (what
        //   queues a catch) apart, so the Log's save does not pull in what else the lazy screens share.
        //   A group takes a module's imports with it unless a group of higher priority has them.
        // - the rest that several lazy screens share in one 'lazy-shared' chunk.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 4 },
            { name: 'index', tags: ['$initial'], priority: 3 },
            {
              // With the device's position (the Log form and Tools), the unit names (the Log form's labels; the
              // conversions and formatting are 'units'), and the two helpers the Log form loads its trip
              // card with after the first paint (shared with History, they would bring 'lazy-shared' along).
              // The textarea and the decimal parser too: the Log form's, also the trip and spot forms' and the
              // import's; in 'catch-form' they made History and Tools load the Log form (decision 023).
              name: 'widgets',
              test: /[\\/]components[\\/](form-field|ui[\\/](input|label|card|textarea))\.tsx$|[\\/]core[\\/](unit-names|app-info|catch|decimal)\.ts$|[\\/]auth[\\/]use-units\.ts$|[\\/]catches[\\/]use-device-location\.ts$|[\\/]lib[\\/]load-when-online\.ts$|[\\/]history[\\/]use-after-paint\.ts$/,
              priority: 3,
            },
            {
              name: 'forms',
              test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              minShareCount: 2,
              priority: 2,
            },
            {
              name: 'contract',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]lib[\\/]zod-config\.ts$|[\\/]core[\\/]user\.ts$/,
              minShareCount: 2,
              priority: 2,
            },
            { name: 'dates', test: /[\\/]node_modules[\\/]date-fns[\\/]/, minShareCount: 2, priority: 2 },
            // The units' conversions and formatting (core/units.ts): every screen that shows a measurement, and a save's
            // check; not the Log form's first screen, whose labels need only the names (core/unit-names.ts in
            // 'widgets'). Alone, so a save does not bring 'lazy-shared'.
            { name: 'units', test: /[\\/]core[\\/]units\.ts$/, minShareCount: 2, priority: 2 },
            // How a catch is written (History's cards, the details, Stats, the unsent-catches warning): on its own, so
            // the cards do not pull the warning's dialogs in with it.
            {
              name: 'catch-format',
              test: /[\\/]catches[\\/]catch-format\.ts$/,
              minShareCount: 2,
              priority: 2,
            },
            {
              // What a save and an edit share (the contract check, the payload): loaded at the first of them.
              name: 'catch-save',
              test: /[\\/]catches[\\/]catch-(check|payload)\.ts$/,
              minShareCount: 2,
              priority: 1,
            },
            {
              // What queues a save, an edit or a delete: the Log form's save, History, the unsent-catches warning.
              name: 'outbox',
              test: /[\\/]offline[\\/]outbox-(actions|payload)\.ts$/,
              minShareCount: 2,
              priority: 2,
            },
            {
              // The Log tab itself and the form's parts it shares with History's edit dialog, by name: one chunk
              // for the tab, not two (one file fewer, ~0.8 KB gzip less for the shell: decision 023). The edit
              // dialog loads the Log tab's own code with them (~1.7 KB gzip). The manifest keys this chunk by its
              // file, not by log-catch-form.tsx (server/http/route-preloads.ts and e2e/first-loads.test.ts find it
              // by name).
              name: 'catch-form',
              test: /[\\/]features[\\/](log[\\/](log-catch-form|quick-catch-button|catch-form-fields|catch-place-fields|catch-form-state|record-question|field)\.tsx?|catches[\\/](catch-form-values|reverse-geocode|invalid-catch)\.ts)$|[\\/]components[\\/]species-input\.tsx$/,
              priority: 2,
            },
            {
              // The fish type's suggestions (their list and keys; the ranking loads at the first focus): the catch
              // forms draw a plain field first (components/species-input.tsx, in 'catch-form') and these once they
              // are here, asked for after the first paint (decision 023); the quick catch's steps use them at once.
              name: 'species-combobox',
              test: /[\\/]components[\\/](species-combobox|suggestion-input|suggestion-keys)\.tsx?$/,
              priority: 2,
            },
            {
              // The catch form's photo field (the Log form's and the edit dialog's), which the Log tab draws once the
              // form has painted: below its first screen, so not in 'catch-form' (decision 023), nor in 'lazy-shared'.
              name: 'photo-field',
              test: /[\\/]features[\\/]log[\\/]photo-field\.tsx$|[\\/]hooks[\\/]use-object-url\.ts$/,
              minShareCount: 2,
              priority: 2,
            },
            {
              // Radix's building blocks shared by the menus and dialogs and by the toasts: a toast (on the Log tab
              // at start when the position cannot be had) loads these, not every menu and dialog with them.
              name: 'radix',
              test: /[\\/]@radix-ui[\\/]react-(primitive|slot|compose-refs|context|collection|dismissable-layer|portal|presence|id|direction|visually-hidden|use-[a-z-]+)[\\/]/,
              minShareCount: 2,
              priority: 2,
            },
            {
              // Menus and dialogs (the user menu, History's sort menu and dialogs): not needed by the Log tab.
              name: 'overlays',
              test: /[\\/]node_modules[\\/](@radix-ui[\\/]react-(menu|dropdown-menu|focus-guards|dialog|alert-dialog)|react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|react-style-singleton|aria-hidden|get-nonce|tslib)[\\/]|[\\/]components[\\/]ui[\\/](dropdown-menu|dialog)\.tsx$/,
              minShareCount: 2,
              priority: 1,
            },
            {
              // The warning about catches not yet sent (the user menu's Logout, Profile): its dialogs stay out of
              // 'lazy-shared', which the Tools tab loads.
              name: 'account',
              test: /[\\/]features[\\/]account[\\/](use-guarded-logout|unsent-catches|unsent-catches-list)\.tsx?$/,
              minShareCount: 2,
              priority: 1,
            },
            {
              // The history state /auth opens with after a deletion, shared by /auth and Profile's delete dialog: in
              // 'lazy-shared' it made /auth load that chunk and what it imports (the catch form, the dialogs, the
              // outbox), 13 requests and ~57 KB gzip more for one small check.
              name: 'account-deleted',
              test: /[\\/]features[\\/]auth[\\/]account-deleted\.ts$/,
              minShareCount: 2,
              priority: 2,
            },
            // The test pages (docs/product.md#test-pages) share helpers of their own; they stay out of what the app's screens load.
            // lucide's icons shared by lazy screens in one 'icons' chunk: in 'lazy-shared', one icon drew that
            // whole chunk into the Log tab's first load.
            { name: 'icons', test: /[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 2 },
            {
              // The sun and moon (the Tools tab's card, the sky of a catch still on the phone): loaded when first
              // needed, never with the screens that share 'lazy-shared'. Alone: it imports nothing, so no module a
              // screen needs at once comes with it.
              name: 'astronomy',
              test: /[\\/]core[\\/]astronomy\.ts$/,
              priority: 2,
            },
            {
              // The sky of a moment (core/catch-conditions.ts), shared by the Today card and a catch still on the
              // phone, and the tide predictor, shared by the Today and Tides cards: chunks of their own, so that
              // 'lazy-shared', which History loads at once, brings neither, nor the astronomy and pressure rules
              // they import. Apart, so a catch's sky does not bring the predictor; the sky takes the calendar days
              // (core/zoned-day.ts) both use.
              name: 'sky',
              test: /[\\/]core[\\/]catch-conditions\.ts$/,
              minShareCount: 2,
              priority: 1,
            },
            {
              name: 'tides',
              test: /[\\/]core[\\/]tide-prediction\.ts$|[\\/]node_modules[\\/]@neaps[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
            {
              // The pressure and gear rules (the Tools tab, and the sky of a catch still on the phone, whose module
              // also holds the pressure tendency): not in 'lazy-shared', which History loads at once.
              name: 'weather-rules',
              test: /[\\/]core[\\/](barometer|gear)\.ts$/,
              minShareCount: 2,
              priority: 2,
            },
            {
              // How species names are compared (other names of a species count as it): the Log form's 'Use last'
              // chips, History's stats and the insights share it; alone, so the Log tab does not load 'lazy-shared'.
              name: 'species-names',
              test: /[\\/]core[\\/](names|species-aliases)\.ts$/,
              minShareCount: 2,
              priority: 2,
            },
            { name: 'lazy-shared', test: (id) => !/[\\/]routes[\\/]pages[\\/]/.test(id), minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:5000' } },
});
