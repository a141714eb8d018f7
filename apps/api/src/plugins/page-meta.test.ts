import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { escapeAttribute } from './page-meta.ts';
import { registerSpa } from './spa.ts';

/** Link previews for crawlers (decision 0122): the page's meta in the served HTML, escaped. */
describe("a page's link preview", () => {
  let dist: string;
  let app: FastifyInstance;
  const asked: string[] = [];

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kusina-meta-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="description" content="The app." /><meta name="kusina-restaurant-id" content="" /><title>Kusina</title></head><div id="root"></div></html>',
    );
    app = Fastify();
    app.decorate('config', loadConfig({ NODE_ENV: 'test', DATA_DIR: dist }));
    await registerSpa(app, dist, {
      preview: async (restaurantId, urlPath) => {
        asked.push(`${restaurantId} ${urlPath}`);
        if (urlPath === '/wholesale/team/participants/7') {
          return { title: 'Support "Ana" <b>', description: "Ana's trip & <script>alert(1)</script>", image: 'https://example.com/a.webp?x=1&y=2', imageAlt: 'Photo of Ana', url: 'https://kusina.example/wholesale/team/participants/7' };
        }
        if (urlPath === '/wholesale/broken/participants/1') throw new Error('database gone');
        return null;
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('writes title, description, Open Graph and Twitter tags with every value escaped', async () => {
    const page = await app.inject({ url: '/wholesale/team/participants/7?utm=x' });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<title>Support &quot;Ana&quot; &lt;b&gt;</title>');
    expect(html).toContain('<meta name="description" content="Ana&#39;s trip &amp; &lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(html).toContain('<meta property="og:title" content="Support &quot;Ana&quot; &lt;b&gt;" />');
    expect(html).toContain('<meta property="og:image" content="https://example.com/a.webp?x=1&amp;y=2" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta property="og:url" content="https://kusina.example/wholesale/team/participants/7" />');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('The app.');
    expect(asked).toContain('1 /wholesale/team/participants/7');
  });

  it("keeps the app's own meta on other pages and when the preview cannot be read", async () => {
    for (const url of ['/wholesale/team', '/wholesale/broken/participants/1']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Kusina</title>');
      expect(page.body).not.toContain('og:title');
    }
  });

  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeAttribute(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
  });
});
