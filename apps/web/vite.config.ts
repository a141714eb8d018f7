import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { ENTRY_PAGE_MODULES, OFFLINE_EXTRA_MODULES } from './src/app/entry-page-modules.ts';

const apiTarget = process.env.KUSINA_API_URL ?? 'http://localhost:3000';

interface AstNode {
  type: string;
  start: number;
  end: number;
  declaration?: AstNode | null;
  declarations?: Array<{ init?: AstNode | null }>;
}

/**
 * packages/domain builds its zod schemas at module top level, which a bundler must assume has side
 * effects; the shell only needs helpers such as headerAddress (restaurants.ts) and isStaffRole
 * (roles.ts) from modules that also hold schemas. Marking each top-level `const x = call(...)` of
 * the domain package pure lets unused schemas, and with them zod (about 25 KB gzip), drop out of
 * the home route's first download; without it the figure is about 18 KB higher (0010). Helpers
 * the header shows on every page live in zod-free modules instead (phone-rules.ts).
 */
function pureDomainConstants(): Plugin {
  return {
    name: 'kusina:pure-domain-constants',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]packages[\\/]domain[\\/]src[\\/][^?]*\.ts$/.test(id) || id.endsWith('.test.ts')) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const calls: AstNode[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations ?? []) {
          if (declarator.init?.type === 'CallExpression') calls.push(declarator.init);
        }
      }
      if (!calls.length) return null;
      let out = code;
      for (const call of calls.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, call.start)}/* @__PURE__ */ (() => ${out.slice(call.start, call.end)})()${out.slice(call.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * What the service worker (public/service-worker.js) precaches: the shell (index.html at "/", the
 * entry with its imports and styles) and the pages promised offline with all their code (every
 * entry page's, and the few modules they load later), read from the build manifest, plus a build id
 * that renames the shell cache on every release.
 */
const OFFLINE_MODULES = [...new Set([...Object.values(ENTRY_PAGE_MODULES).flat(), ...OFFLINE_EXTRA_MODULES])];

/**
 * The code each entry page needs first, beyond the entry (src/app/entry-page-modules.ts): the
 * server names it in index.html as modulepreload links for that path (apps/api/src/plugins/spa.ts),
 * so the page's chunk downloads with the entry instead of after it.
 */
const ROUTE_MODULES = ENTRY_PAGE_MODULES;

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

function writeRoutePreloads(outDir: string, manifest: Record<string, ManifestChunk>): void {
  const entryFiles = new Set<string>();
  const walk = (key: string, into: Set<string>, seen = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    into.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) walk(dep, into, seen);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entryFiles);
  const routes: Record<string, string[]> = {};
  for (const [route, keys] of Object.entries(ROUTE_MODULES)) {
    const files = new Set<string>();
    for (const key of keys) {
      if (!manifest[key]) throw new Error(`route preloads: ${key} is not in the build manifest; update src/app/entry-page-modules.ts`);
      walk(key, files);
    }
    routes[route] = [...files].filter((file) => !entryFiles.has(file) && file.endsWith('.js'));
  }
  writeFileSync(path.join(outDir, 'route-preloads.json'), JSON.stringify(routes));
}

function writeServiceWorker(outDir: string): void {
  const workerFile = path.join(outDir, 'service-worker.js');
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(workerFile) || !existsSync(manifestFile)) return;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  writeRoutePreloads(outDir, manifest);
  const files = new Set<string>(['/', '/manifest.webmanifest', '/favicon.svg']);
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const inlined = new Set([...html.matchAll(/<link rel="stylesheet" href="\/([^"]+\.css)" disabled>/g)].map((match) => match[1]!));
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    // The entry's styles are inside index.html (inlineEntryCss): no need to keep the file too.
    for (const css of chunk.css ?? []) if (!inlined.has(css)) files.add(`/${css}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of OFFLINE_MODULES) {
    if (!manifest[key]) throw new Error(`service worker: ${key} is not in the build manifest; update src/app/entry-page-modules.ts`);
    visit(key);
  }
  const list = [...files].sort();
  const buildId = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12);
  const source = readFileSync(workerFile, 'utf8').replace('__KUSINA_BUILD_ID__', buildId).replace("'__KUSINA_PRECACHE__'", `'${JSON.stringify(list)}'`);
  writeFileSync(workerFile, source);
}

/**
 * The entry's stylesheet goes into index.html as a <style> element (decision 0057): every page needs
 * all of it before its first paint, and as a file it cost a phone one more round trip before
 * anything showed (Lighthouse's "render-blocking resources": 150-175 ms on every storefront page).
 * It is about 9 KB compressed, sent with the page (the CSP allows inline styles); stylesheets of
 * lazily loaded areas stay files. A disabled link (never fetched) still names the file: Vite's
 * preload helper loads the styles a lazy chunk depends on, the entry's among them, unless a
 * stylesheet link with that address is in the document, and would otherwise fetch and apply them
 * a second time.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'kusina:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (css.includes('</style')) return tag;
          return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}

/**
 * Brotli and gzip copies of every text file of the build, written once at build time at the
 * highest levels (too slow per request, free here); the server sends the one the browser accepts
 * with Content-Encoding (apps/api/src/plugins/spa.ts, @fastify/static `preCompressed`). Files under
 * 1 KB gain too little to be worth a second request header; source maps are for developers only.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  let outDir = 'dist';
  return {
    name: 'kusina:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // First the service worker's precache list (it is then compressed with the rest).
      writeServiceWorker(outDir);
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? (entry.name === '.vite' ? [] : walk(full)) : [full];
        });
      for (const file of walk(outDir)) {
        if (!TEXT.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * `vite build --ssr src/entry-server.tsx` (npm run build) writes the server's render of the
 * storefront's entry pages to dist-ssr/ (decision 0077): one self-contained module for Node, no
 * styles, manifest, service worker or compressed copies.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), pureDomainConstants(), ...(isSsrBuild ? [] : [inlineEntryCss(), precompress()])],
  resolve: {
    // wouter imports the use-sync-external-store shim for React < 18; React 19 has the hook itself,
    // and the shim's fallback code was on every storefront page (the home route's budget, 0040).
    alias: { 'use-sync-external-store/shim/index.js': path.resolve(import.meta.dirname, 'src/lib/use-sync-external-store.ts') },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
      '/uploads': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  ssr: { noExternal: true, target: 'node' as const },
  // The bundled React is the production build whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist-ssr', sourcemap: true, emptyOutDir: true, copyPublicDir: false }
    : {
    target: 'es2022',
    sourcemap: true,
    // Every browser the storefront targets preloads modules natively (Safari 16 merely skips the
    // hint); the polyfill was ~0.35 KB gzip of the home route's budget (0040).
    modulePreload: { polyfill: false },
    manifest: true,
    // Areas are split by React.lazy; this keeps React itself in one cacheable vendor chunk.
    rolldownOptions: {
      output: {
        advancedChunks: {
          includeDependenciesRecursively: false,
          groups: [
            // The code every page runs before anything else, in one vendor chunk: React, the
            // stores (zustand), class names (clsx) and the query cache's core that the entry and the
            // lazy pages share (not the mutation, several-queries and infinite-query hooks only some
            // back-office screens use). Split, these were five
            // requests before any page could start; each costs a phone a round trip (0082).
            {
              name: 'react',
              test: /(node_modules[\\/](react|react-dom|scheduler|zustand|clsx)[\\/]|node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](?!(useMutation|mutationObserver|mutationOptions|useQueries|queriesObserver|useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$)|src[\\/]lib[\\/]cn\.ts$)/,
            },
            // What the menu and the shop show before anything else, beyond storefront-shared: the
            // icon component and their icons, alerts, the search field and the list helpers. One
            // chunk instead of six on each page's first download (0082); other pages that use an
            // alert or an input fetch it too (about 3 KB).
            {
              name: 'storefront-lists',
              test: /(node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/].*|context|Icon|createLucideIcon|icons[\\/](search|x|shirt|circle-check|circle-exclamation-point|info|triangle-exclamation-point))\.mjs|src[\\/]components[\\/]ui[\\/](alert|input)\.tsx|src[\\/]lib[\\/]use-(progressive-count|deferred-query|delayed-flag)\.ts)$/,
            },
            // The turn-time rules (issue #35): the domain's restaurant settings name them (the shell
            // imports that module for its helpers, not its schemas) and Admin Settings edits them.
            // Left to the default splitting, sharing them moved a dozen of the shell's small modules
            // into chunks of their own, +2.5 KB on the home route; alone here, the shell never loads it.
            { name: 'turn-time-rules', test: /packages[\\/]domain[\\/]src[\\/]turn-time-rules\.ts$/ },
            // The small modules every storefront page shares (home, menu, merchandise): one chunk
            // instead of one each, so the first download pays one chunk's overhead, not eight (0062).
            // The menu rules (domain/menu.ts) too, now that the admin's menu tab shares them (0063).
            {
              name: 'storefront-shared',
              test: /(packages[\\/]domain[\\/]src[\\/](money|menu)\.ts|src[\\/]components[\\/]ui[\\/](badge|skeleton|lazy-image)\.tsx|src[\\/]lib[\\/](use-document-title|pickup-messages)\.ts|src[\\/]features[\\/]menu[\\/](messages\.ts|components[\\/]open-state-line\.tsx|api[\\/]get-ordering-status\.ts))$/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    env: { TZ: 'UTC' },
    // Route chunks are transformed on first import; on a shared 2-core machine that can be slow.
    testTimeout: 15_000,
  },
}));
