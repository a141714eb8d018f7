import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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
 * the header shows on every page live in zod-free modules instead (phone-format.ts).
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

export default defineConfig({
  plugins: [react(), tailwindcss(), pureDomainConstants(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
      '/uploads': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // Areas are split by React.lazy; this keeps React itself in one cacheable vendor chunk.
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
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
});
