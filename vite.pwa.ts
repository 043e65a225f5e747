import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { build, type Manifest, type Plugin } from 'vite';

/**
 * The installable shop's build step (decision 048), after the browser's bundle is written:
 * - the app icons, drawn from public/icons/*.svg into the sizes the manifest names;
 * - the precache list: the shell (index.html, boot.js, the first script and what it imports, the
 *   styles), the code of the pages that work offline, the icons and
 *   each language's shop texts, each with its revision (precacheList);
 * - /sw.js: src/client/sw/service-worker.ts and the Workbox modules it uses, with that list inlined.
 */
export function serviceWorker(): Plugin {
  let outDir = 'dist/client';
  let enabled = true;
  return {
    name: 'nasma-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      enabled = !config.build.ssr;
    },
    async closeBundle() {
      if (!enabled) return;
      await drawIcons(outDir);
      const precache = precacheList(outDir);
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __PRECACHE__: JSON.stringify(precache), 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          minify: true,
          rolldownOptions: {
            input: path.resolve('src/client/sw/service-worker.ts'),
            output: { format: 'iife', entryFileNames: 'sw.js' },
          },
        },
      });
    },
  };
}

/** The icons the web app manifest names: any-purpose at 192 and 512, maskable at 512, Apple's at 180. */
export const appIcons = [
  { file: 'icon-192.png', source: 'icon.svg', size: 192 },
  { file: 'icon-512.png', source: 'icon.svg', size: 512 },
  { file: 'maskable-512.png', source: 'maskable.svg', size: 512 },
  { file: 'apple-touch-icon.png', source: 'maskable.svg', size: 180 },
] as const;

async function drawIcons(outDir: string): Promise<void> {
  const dir = path.join(outDir, 'icons');
  fs.mkdirSync(dir, { recursive: true });
  for (const icon of appIcons) {
    await sharp(path.resolve('public/icons', icon.source), { density: 300 })
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(dir, icon.file));
  }
}

/** The admin's route table: its chunks are the admin's, fetched when an admin page is opened. */
const adminEntry = 'src/client/app/admin/routes.tsx';
/**
 * Pages whose code is precached beside the shell: those that work from what the browser keeps, so
 * they open without a network even if never visited before. Other pages' code is kept by the
 * service worker when first loaded (service-worker.ts).
 */
const offlinePages = [
  'src/client/features/cart/cart-page.tsx',
  'src/client/features/lists/wishlist-page.tsx',
  'src/client/features/lists/compare-page.tsx',
  'src/client/features/checkout/checkout-page.tsx',
  // What any page may show: the toasts that say an action went through or failed.
  'src/client/components/ui/toast-view.tsx',
];

/**
 * The shell (the entry, what it imports and its styles), every stylesheet (small, and a chunk whose
 * stylesheet cannot load does not load), the offline pages' code with all it may load, the shop's
 * texts in each language and the icons, as `{ url, revision }`.
 */
function precacheList(outDir: string): Array<{ url: string; revision: string | null }> {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>();
  const seen = new Set<string>();
  /** A chunk, its styles and what it imports; with `lazy`, also what it loads later. */
  const walk = (key: string, lazy: boolean) => {
    if (seen.has(key) || key === adminEntry) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    files.add(chunk.file);
    // Fonts are kept as pages use them: a shopper reading English never needs the Arabic one (166 KB).
    for (const asset of chunk.assets ?? []) if (!asset.endsWith('.woff2')) files.add(asset);
    for (const next of [...(chunk.imports ?? []), ...(lazy ? (chunk.dynamicImports ?? []) : [])]) walk(next, lazy);
  };
  walk('index.html', false);
  for (const page of offlinePages) walk(page, true);
  for (const chunk of Object.values(manifest)) for (const css of chunk.css ?? []) files.add(css);
  const revisioned = ['index.html', 'boot.js', 'favicon.svg', ...appIcons.map((i) => `icons/${i.file}`)];
  for (const lng of fs.readdirSync(path.join(outDir, 'locales'))) revisioned.push(`locales/${lng}/translation.json`);
  const hash = (file: string) =>
    crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(outDir, file)))
      .digest('hex')
      .slice(0, 16);
  return [
    ...revisioned.map((file) => ({ url: `/${file}`, revision: hash(file) })),
    // Hashed names: the address itself changes with the content.
    ...[...files].sort().map((file) => ({ url: `/${file}`, revision: null })),
  ];
}
