import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { serviceWorker } from './vite.pwa';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * `npm run analyse`: what each chunk of the browser's bundle holds, module by module, with gzip
 * sizes: a treemap (dist/analyse/bundle.html) and a text list (dist/analyse/bundle.txt).
 */
const analyse = process.env.ANALYSE === '1';
const reports = analyse
  ? (['treemap', 'list'] as const).map((template) =>
      visualizer({ filename: `dist/analyse/bundle.${template === 'list' ? 'txt' : 'html'}`, template, gzipSize: true, title: 'Nasma bundle' }),
    )
  : [];

/**
 * The translation files' version: a hash of everything in public/locales (decision 028). The
 * browser asks for `/locales/{lng}/{ns}.json?v=<it>`, which the shop serves as immutable, so a
 * shopper's next page reuses the texts without asking again, and a deploy that changes a text
 * changes every address.
 */
function localesVersion(dir = 'public/locales'): string {
  const hash = crypto.createHash('sha256');
  const walk = (at: string): void => {
    for (const name of fs.readdirSync(at).sort()) {
      const file = path.join(at, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else hash.update(`${path.relative(dir, file)}\0`).update(fs.readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 12);
}
const localesV = localesVersion();

/** index.html's translation preload names the same versioned address the app fetches. */
const versionedLocales = (): Plugin => ({
  name: 'nasma-versioned-locales',
  transformIndexHtml: (html) => html.replace(/(href="\/locales\/[^"?]+\.json)"/g, `$1?v=${localesV}"`),
});

/**
 * lucide-react's icons draw through the shop's `lucide-icon.ts` instead of the library's `Icon`
 * (decision 051): the same markup, without building every icon anew on each render. Only the
 * library's own modules import './Icon.mjs'; the development server's pre-bundled copy keeps
 * lucide's, which draws the same.
 */
const lightLucideIcon = (): Plugin => ({
  name: 'nasma-light-lucide-icon',
  enforce: 'pre',
  resolveId: (source, importer) =>
    source === './Icon.mjs' && importer && /[\\/]lucide-react[\\/]dist[\\/]esm[\\/][^\\/]+\.mjs$/.test(importer)
      ? path.resolve('src/client/components/ui/lucide-icon.ts')
      : null,
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), versionedLocales(), lightLucideIcon(), ...(isSsrBuild ? [] : [...reports, serviceWorker()])],
  build: {
    outDir: isSsrBuild ? 'dist/ssr' : 'dist/client',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: 2048,
    manifest: !isSsrBuild,
    // Every browser the shop serves (es2022) knows <link rel=modulepreload>: no polyfill in the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // What every page loads before it is live is one chunk: twenty small shared chunks
            // cost each its own request, import lines and compression window.
            codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
            // Chunks are named by their hash alone: the first script lists every page's chunks
            // by file name (to preload a page's parts), and the names cost every shopper about
            // 0.8 KB (gzip) on every page. The manifest still maps each chunk to its source.
            chunkFileNames: 'assets/[hash].js',
          },
        },
  },
  // `vite build --ssr` (the server's first render of a page) bundles its libraries so Node runs it as is.
  ssr: { noExternal: true },
  // ...with React's production build inlined, whatever NODE_ENV the server is started with.
  define: isSsrBuild
    ? { 'process.env.NODE_ENV': JSON.stringify('production') }
    : {
        // zod 4 probes `new Function('')` when a schema is built, to compile fast parsers; the
        // shop's CSP (no 'unsafe-eval') refuses it and browsers report a violation on every page
        // that loads a schema. Its global config, set before the probe: no compiled parsers.
        'globalThis.__zod_globalConfig': JSON.stringify({ jitless: true }),
        'import.meta.env.LOCALES_VERSION': JSON.stringify(localesV),
      },
  server: {
    proxy: { '/api': api, '/images': api, '/uploads': api },
  },
}));
