import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPageRenderer, RENDER_TIMEOUT_MS } from './spa-render.ts';

describe('loadPageRenderer', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'kusina-render-'));
    mkdirSync(path.join(root, 'dist'));
    mkdirSync(path.join(root, 'dist-ssr'));
    // A renderer with the build's interface: it asks the API for its data and records the order of
    // its renders (each takes a moment, so overlapping ones interleave).
    writeFileSync(
      path.join(root, 'dist-ssr/entry-server.js'),
      `export const SERVER_RENDERED_PATHS = ['/menu', '/slow'];
export const log = [];
export async function renderPage(route, restaurantId, answer) {
  log.push('start ' + route);
  if (route === '/slow') await new Promise((resolve) => setTimeout(resolve, ${RENDER_TIMEOUT_MS + 500}));
  const menu = await answer('/api/v1/menu?restaurant_id=' + restaurantId);
  const secret = await answer('/admin/secret');
  await new Promise((resolve) => setTimeout(resolve, 20));
  log.push('end ' + route);
  return { html: '<h1>' + JSON.parse(menu.body).name + '</h1>' + secret.status, state: '[]', leadImage: null, theme: null };
}
`,
    );
    app = Fastify();
    app.get('/api/v1/menu', async (request) => ({ name: `Menu of ${(request.query as { restaurant_id: string }).restaurant_id}` }));
    app.get('/admin/secret', async () => ({ secret: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('is absent when the web build wrote no renderer', async () => {
    expect(await loadPageRenderer(app, path.join(os.tmpdir(), 'kusina-no-such-build', 'dist'))).toBeUndefined();
  });

  it("renders from the public API's answers in-process, each restaurant's render beside the other's (no queue)", async () => {
    const render = (await loadPageRenderer(app, path.join(root, 'dist')))!;
    const [one, two] = await Promise.all([render(1, '/menu'), render(2, '/menu')]);
    // Only /api/v1/ is answered: anything else is a 404 to the renderer.
    expect(one).toEqual({ html: '<h1>Menu of 1</h1>404', state: '[]', leadImage: null, theme: null });
    expect(two?.html).toBe('<h1>Menu of 2</h1>404');
    const { log } = (await import(path.join(root, 'dist-ssr/entry-server.js'))) as { log: string[] };
    expect(log).toEqual(['start /menu', 'start /menu', 'end /menu', 'end /menu']);
    expect(await render(1, '/cart')).toBeNull();
  });

  it('gives up on a render that takes too long: the page goes out unrendered', async () => {
    const render = (await loadPageRenderer(app, path.join(root, 'dist')))!;
    const started = Date.now();
    expect(await render(1, '/slow')).toBeNull();
    expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS + 400);
  }, 10_000);
});
