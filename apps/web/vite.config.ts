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

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

function writeServiceWorker(outDir: string): void {
  const workerFile = path.join(outDir, 'service-worker.js');
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(workerFile) || !existsSync(manifestFile)) return;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>(['/', '/manifest.webmanifest', '/favicon.svg']);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
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
  plugins: [react(), tailwindcss(), pureDomainConstants(), ...(isSsrBuild ? [] : [precompress()])],
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
