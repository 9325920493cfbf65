import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The React PWA lives in web/; its build lands in dist/web, which the Fastify server serves.
// In development (`npm run dev:web`) Vite proxies /api to the server on port 5000; the service worker is only
// built for production (`npm run build`), so development never serves stale files from a cache.
export default defineConfig({
  root: 'web',
  plugins: [
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
  resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true },
  server: { port: 5173, proxy: { '/api': 'http://localhost:5000' } },
});
