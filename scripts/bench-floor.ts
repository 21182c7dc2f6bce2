/**
 * The floor of the publishing benchmarks (bench:publish, bench:cluster): how long the sandbox
 * needs to take in as many create requests as a burst has, from a bare client in its own
 * process over open connections (scripts/bench-floor-client.mjs). Postloom cannot beat it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LINKEDIN_VERSION } from '../server/platforms/linkedin-api.js';
import type { RunningSandbox } from '../server/sandbox/sandbox-server.js';
import { control } from '../server/sandbox/sandbox-testing.js';

/** The create requests of the platforms a burst goes to, as the sandbox logs their paths. */
export const CREATE_PATHS = [
  /^\/api\.x\.com\/2\/tweets$/,
  /^\/api\.linkedin\.com\/rest\/posts$/,
  /^\/graph\.facebook\.com\/v[\d.]+\/\d+\/feed$/,
  /^\/graph\.threads\.net\/v[\d.]+\/\d+\/threads$/,
];

export interface FloorTrial {
  connections: number;
  count: number;
  p99: number;
  all: number;
  writtenMs: number;
}

export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/** The fastest of a few connection counts (one per request, and fewer carrying several in turn). */
export async function measureBestFloor(sandbox: RunningSandbox, count: number) {
  const trials: FloorTrial[] = [];
  for (const connections of [count, 500, 100]) trials.push(await measureFloor(sandbox, count, connections));
  const best = trials.reduce((a, b) => (b.all < a.all ? b : a));
  return { trials, best };
}

/**
 * The floor: `count` create requests like the burst's (tweets and LinkedIn posts, alternately,
 * with the connected accounts' tokens), written at once over open connections by a bare
 * client in its own process; how long until the sandbox had taken them in (its request log).
 */
export async function measureFloor(
  sandbox: RunningSandbox,
  count: number,
  connections: number,
): Promise<FloorTrial> {
  const tokens = [...sandbox.state.tokens.values()].filter(
    (record) => record.kind === 'access' && !record.revoked && record.expiresAt !== null,
  );
  const x = tokens.find((record) => record.platform === 'twitter' && record.scopes.includes('tweet.write'));
  const linkedin = tokens.find((record) => record.platform === 'linkedin');
  const port = Number(new URL(sandbox.url).port);
  const host = `localhost:${port}`;
  const requests = Array.from({ length: count }, (_, index) => {
    const useX = x && (index % 2 === 0 || !linkedin);
    const record = useX ? x : linkedin;
    if (!record) throw new Error('No connected X or LinkedIn account to take a token from.');
    const text = `Floor post ${index} ${Math.random().toString(36).slice(2, 8)}`;
    const body = useX
      ? JSON.stringify({ text })
      : JSON.stringify({
          author: `urn:li:person:${record.accountId}`,
          commentary: text,
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        });
    const target = useX ? '/api.x.com/2/tweets' : '/api.linkedin.com/rest/posts';
    const extra = useX ? '' : `linkedin-version: ${LINKEDIN_VERSION}\r\nx-restli-protocol-version: 2.0.0\r\n`;
    return `POST ${target} HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${record.token}\r\ncontent-type: application/json\r\n${extra}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  });
  const file = path.join(os.tmpdir(), `postloom-floor-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify({ host: '127.0.0.1', port, connections, requests }));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(path.dirname(new URL(import.meta.url).pathname), 'bench-floor-client.mjs'),
      file,
    ]);
    const run = JSON.parse(stdout) as { startedAt: number; writtenMs: number };
    const log = (await (await control(sandbox, '/requests')).json()) as {
      requests: Array<{ time: string; method: string; path: string }>;
    };
    const arrivals = log.requests
      .filter(
        (r) =>
          r.method === 'POST' &&
          Date.parse(r.time) >= run.startedAt &&
          CREATE_PATHS.some((p) => p.test(r.path)),
      )
      .map((r) => Date.parse(r.time) - run.startedAt)
      .sort((a, b) => a - b);
    // Let the sandbox settle before the next trial.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return {
      connections,
      count: arrivals.length,
      p99: percentile(arrivals, 0.99),
      all: arrivals.at(-1) ?? Number.NaN,
      writtenMs: run.writtenMs,
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}
