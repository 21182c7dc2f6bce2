import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { mountWebapp } from './static.js';
import type { AppEnv } from './types.js';

// Under the working directory: the static middleware serves from a root relative to it.
fs.mkdirSync('dist', { recursive: true });
const dist = fs.mkdtempSync(path.resolve('dist/static-test-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Postloom</title>');
fs.writeFileSync(path.join(dist, 'assets/index-abc.js'), 'console.log(1)');
fs.writeFileSync(path.join(dist, '.vite/manifest.json'), '{"index.html":{"file":"assets/index-abc.js"}}');

afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

function webapp() {
  const app = new Hono<AppEnv>();
  mountWebapp(app, dist);
  return app;
}

describe('the built web app', () => {
  it('serves hashed assets for a year', async () => {
    const response = await webapp().request('/assets/index-abc.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers an unknown path with index.html for the client router', async () => {
    const response = await webapp().request('/calendar');
    expect(await response.text()).toContain('<title>Postloom</title>');
  });

  it('does not hand out the build manifest (build tooling, not part of the app)', async () => {
    const response = await webapp().request('/.vite/manifest.json');
    expect(await response.text()).not.toContain('index-abc.js');
  });
});
