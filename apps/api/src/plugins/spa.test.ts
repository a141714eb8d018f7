import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as Zlib from 'node:zlib';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The page compressions spa.ts makes, counted (the real brotli, on the threadpool).
const compressions = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof Zlib>();
  const brotliCompress = ((...args: Parameters<typeof zlib.brotliCompress>) => {
    compressions.count += 1;
    return zlib.brotliCompress(...args);
  }) as typeof zlib.brotliCompress;
  return { ...zlib, brotliCompress };
});
import { loadConfig } from '../config.ts';
import { preferredEncoding } from '../lib/compression.ts';
import { registerSpa } from './spa.ts';
import type { RenderedPage } from './spa-render.ts';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
  });
});

describe('the built web app', () => {
  let dist: string;
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kusina-spa-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="theme-color" content="#b7791f" /><meta name="kusina-restaurant-id" content="" /></head><div id="root"></div></html>',
    );
    const asset = path.join(dist, 'assets/index-abc123.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    writeFileSync(path.join(dist, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
    app = Fastify();
    app.decorate('config', loadConfig({ NODE_ENV: 'test', DATA_DIR: dist, RESTAURANT_HOSTS: '127.0.0.1=2' }));
    await registerSpa(app, dist, {
      // Restaurant 2 wears blue (as the demo's second restaurant does); 1 has no theme on record here.
      theme: async (restaurantId) => (restaurantId === 2 ? 'blue' : null),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the precompressed copy a browser accepts, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('revalidates the service worker on every load', async () => {
    const response = await app.inject({ url: '/service-worker.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with index.html, compressed, naming the restaurant of the host', async () => {
    const response = await app.inject({ url: '/menu', headers: { 'accept-encoding': 'br', host: '127.0.0.1:3000' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<meta name="kusina-restaurant-id" content="2" />');
    const plain = await app.inject({ url: '/checkout' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toContain('content="1"');
  });

  it('sends a page it does not render as the plain frame: no data or image preloads', async () => {
    for (const url of ['/menu', '/', '/cart', '/merchandise', '/login']) {
      const page = (await app.inject({ url })).payload;
      expect(page, url).not.toContain('rel="preload"');
      expect(page, url).toContain('<div id="root"></div>');
    }
  });

  it("writes the restaurant's theme into the page, so the frame painted before the code wears its colours", async () => {
    const blue = (await app.inject({ url: '/menu', headers: { host: '127.0.0.1:3000' } })).payload;
    expect(blue).toContain('<html lang="en" data-theme="blue">');
    expect(blue).toContain('<meta name="theme-color" content="#1d4ed8" />');
    const gold = (await app.inject({ url: '/menu' })).payload;
    expect(gold).toContain('<html lang="en">');
    expect(gold).toContain('<meta name="theme-color" content="#b7791f" />');
  });
});

describe('pages rendered on the server (0077)', () => {
  let dist: string;
  let app: FastifyInstance;
  const calls: Array<{ restaurantId: number; route: string }> = [];
  const menuPage = (html: string, leadImage: string | null = '/images/menu/first.svg', theme: string | null = null): RenderedPage => ({ html, state: '[[["menu",1],{"categories":[]}]]', leadImage, theme });
  let answer: RenderedPage | null = menuPage('<main><h1>Our Menu</h1></main>');

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kusina-spa-render-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="kusina-restaurant-id" content="" /><script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/react-b.js"></head><body><div id="root"><div data-shell><header></header></div></div>\n</body></html>',
    );
    app = Fastify();
    app.decorate('config', loadConfig({ NODE_ENV: 'test', DATA_DIR: dist }));
    await registerSpa(app, dist, {
      theme: async () => 'blue',
      render: async (restaurantId, route) => {
        calls.push({ restaurantId, route });
        return route === '/menu' ? answer : null;
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("puts the page's markup in place of the frame, the queries beside it, and its first image ahead of the code", async () => {
    const page = (await app.inject({ url: '/menu', headers: { 'sec-fetch-mode': 'navigate' } })).payload;
    expect(page).toContain('<div id="root"><main><h1>Our Menu</h1></main></div><script type="application/json" id="kusina-state">[[["menu",1],{"categories":[]}]]</script>');
    expect(page).not.toContain('data-shell');
    // The answers come with the page: none is preloaded. The code asks for a lower priority than the content.
    expect(page).not.toContain('as="fetch"');
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-b.js">');
    expect(page.indexOf('href="/images/menu/first.svg"')).toBeLessThan(page.indexOf('<script type="module"'));
    expect(calls.at(-1)).toEqual({ restaurantId: 1, route: '/menu' });
  });

  it('follows a new render, and keeps the frame where nothing was rendered', async () => {
    answer = menuPage('<main><h1>Our Menu</h1><p>Sold out</p></main>', '/images/menu/second.svg');
    const changed = await app.inject({ url: '/menu', headers: { 'accept-encoding': 'br' } });
    const html = brotliDecompressSync(changed.rawPayload).toString();
    expect(html).toContain('<p>Sold out</p>');
    // The lead image is the render's own, from its answers.
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/images/menu/second.svg">');
    answer = menuPage('<main><h1>Our Menu</h1></main>', null);
    expect((await app.inject({ url: '/menu' })).payload).not.toContain('as="image"');
    answer = menuPage('<main><h1>Our Menu</h1></main>', '"><script>alert(1)</script>');
    expect((await app.inject({ url: '/menu' })).payload).not.toContain('as="image"');
    answer = null;
    const frame = (await app.inject({ url: '/menu' })).payload;
    expect(frame).toContain('data-shell');
    expect(frame).not.toContain('kusina-state');
    // One fast path: a page that was not rendered is the plain frame, with no data or image preloads.
    expect(frame).not.toContain('rel="preload"');
    expect(frame).toContain('<script type="module" crossorigin');
    const cart = (await app.inject({ url: '/cart' })).payload;
    expect(cart).toContain('data-shell');
    answer = menuPage('<main><h1>Our Menu</h1></main>');
  });

  it("takes a rendered page's theme from its answers, and an unrendered page's from the restaurant's record", async () => {
    answer = menuPage('<main><h1>Our Menu</h1></main>', null, 'gold');
    expect((await app.inject({ url: '/menu' })).payload).toContain('<html lang="en" data-theme="gold">');
    expect((await app.inject({ url: '/cart' })).payload).toContain('<html lang="en" data-theme="blue">');
    answer = menuPage('<main><h1>Our Menu</h1></main>');
  });

  it('compresses a page once while its render is the same one, and again for a new render', async () => {
    const page = menuPage('<main><h1>Our Menu</h1></main>');
    answer = page;
    await app.inject({ url: '/menu', headers: { 'accept-encoding': 'br' } });
    const before = compressions.count;
    const again = await app.inject({ url: '/menu', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(again.rawPayload).toString()).toContain('<h1>Our Menu</h1>');
    expect(compressions.count).toBe(before);
    // The renderer's new page (a new object: it shows something else) is compressed anew.
    answer = { ...page };
    const next = await app.inject({ url: '/menu', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(next.rawPayload).toString()).toContain('<h1>Our Menu</h1>');
    expect(compressions.count).toBe(before + 1);
  });

  it("renders nothing for the service worker's copy of the shell or a shop URL with a query", async () => {
    calls.length = 0;
    const shell = (await app.inject({ url: '/menu', headers: { 'sec-fetch-mode': 'cors' } })).payload;
    expect(shell).toContain('data-shell');
    expect((await app.inject({ url: '/merchandise?collection=all' })).payload).toContain('data-shell');
    expect(calls).toEqual([]);
  });
});
