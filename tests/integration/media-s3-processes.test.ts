import { afterAll, describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../support/http-user.js';
import { startTestS3, type TestS3 } from '../support/s3-server.js';
import { type RunningServer, releaseServerDatabases, startServer } from '../support/spawn-server.js';
import { testsUsePostgres } from '../support/test-database-kind.js';
import { pngBytes } from './posts-support.js';

// Two processes on one PostgreSQL and one bucket: a file uploaded through one is served by the other.

let s3: TestS3 | undefined;
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  await releaseServerDatabases();
  await s3?.close();
});

describe.runIf(testsUsePostgres())('media across processes', { timeout: 240_000 }, () => {
  it('a file uploaded through one process is served by another, which has no copy of it', async () => {
    s3 = await startTestS3();
    const a = await startServer({ ...s3.env }, { startTimeoutMs: 90_000 });
    servers.push(a);
    const b = await startServer(
      { ...s3.env, DATABASE_URL: a.databaseUrl as string },
      { startTimeoutMs: 90_000 },
    );
    servers.push(b);
    const user = await createConfirmedUser(a, 'media-everywhere@example.com');

    const png = await pngBytes();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'everywhere.png');
    const uploaded = await fetch(`${a.url}/api/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { media } = (await uploaded.json()) as { media: { id: string; url: string } };

    const served = await fetch(`${b.url}${media.url}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });
});
