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
import { type ProcessShare, shareOf, threadTimes } from './bench-schedstat.mjs';

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
  /** How the receiver used the cores while it took the requests in (see watchIntake). */
  receiver: ProcessShare | null;
  /** How the bare client used them, from its first write to its last answer. */
  client: ProcessShare | null;
}

export interface Intake {
  /** From the first post the receiver took in to the last. */
  ms: number;
  receiver: ProcessShare | null;
  sender: ProcessShare | null;
}

/**
 * Watches the receiver (this process) take in `count` more create requests, by the posts the
 * sandbox records, and answers how it used the cores from the first to the last, and how the
 * sender's process (`senderPid`) did: how long each main thread ran and waited for a core
 * (runnable, while the other threads of both held the two cores), and how long the other
 * threads ran. It looks once a millisecond, a timer on the receiver's own event loop. Null
 * when the requests did not all come within `timeoutMs`, or `signal` stopped it first.
 */
export function watchIntake(
  sandbox: RunningSandbox,
  count: number,
  options: { senderPid?: number; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<Intake | null> {
  const { senderPid, timeoutMs = 60_000, signal } = options;
  const from = sandbox.state.posts.length;
  const giveUpAt = Date.now() + timeoutMs;
  let firstAt = 0;
  let receiverAtFirst: ReturnType<typeof threadTimes> = null;
  let senderAtFirst: ReturnType<typeof threadTimes> = null;
  return new Promise((resolve) => {
    const look = () => {
      const taken = sandbox.state.posts.length - from;
      if (taken > 0 && firstAt === 0) {
        firstAt = Date.now();
        receiverAtFirst = threadTimes(process.pid);
        senderAtFirst = senderPid ? threadTimes(senderPid) : null;
      }
      if (taken >= count) {
        resolve({
          ms: Date.now() - firstAt,
          receiver: shareOf(process.pid, receiverAtFirst, threadTimes(process.pid)),
          sender: senderPid ? shareOf(senderPid, senderAtFirst, threadTimes(senderPid)) : null,
        });
        return;
      }
      if (signal?.aborted || Date.now() > giveUpAt) resolve(null);
      else setTimeout(look, 1).unref();
    };
    look();
  });
}

/** "ran 80 ms, waited 20 ms for a core (its other threads ran 30 ms)", or "unknown" without /proc. */
export function describeShare(share: ProcessShare | null | undefined): string {
  if (!share) return 'unknown';
  return `ran ${share.mainRan} ms, waited ${share.mainWaited} ms for a core (its other threads ran ${share.othersRan} ms)`;
}

/**
 * Empties the young generation of this process (where the sandbox, the receiver, runs) before a
 * measured run, when Node runs with --expose-gc (the bench scripts' npm commands): with the young
 * generation the commands give it, a run of a burst's size then fits in it, and no collection of
 * the receiver's falls in the run. One did in about every other run before, adding 10-80 ms to
 * whichever run it hit: the floor keeps its best trial and so left them out, the burst has one.
 * The command also turns V8's memory reducer off here (--no-memory-reducer): it runs full
 * collections in a process it sees idle, as the receiver is while the burst's posts are created,
 * and in reducing memory they dropped the receiver's compiled code. In one of four runs made
 * while looking into it (and in four of four with V8's code log on), the receiver then compiled
 * its HTTP path again while the burst came in: its other threads ran 180-225 ms, its main thread
 * 250-270 ms instead of 70-90. A platform's servers are never idle.
 */
export function collectReceiverGarbage(): void {
  const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
  gc?.({ type: 'minor' });
}

/**
 * Gives the Timeout objects of this process (where the sandbox, the receiver, runs) the shape they
 * end up with in any long-running Node process, before the receiver's code is compiled. A delay
 * worked out from Date.now(), as this script's waits for the due moment are, is a heap number
 * rather than a small integer: the first such timer makes V8 widen Timeout's delay field and
 * retire its map. That happened 6 s before the burst, after the warm-up had compiled the
 * receiver's HTTP-server code for the old map, so the code was dropped at the burst's first
 * requests (a `wrong map` in the keep-alive timer's clearTimeout) and compiled again while the
 * burst came in; the floor's trials, after it, met the compiled code. A timer with a fractional
 * delay, armed and cleared before the sandbox starts, widens the field first.
 */
export function settleTimerShape(): void {
  clearTimeout(setTimeout(() => {}, 1.5));
}

export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Runs the bare client against the receiver until its pace settles, as a platform's servers are
 * always warm: its code is compiled as it runs, and the first rounds take two to four times as
 * long as the later ones. Until two rounds in a row are each within 10 % of the one before,
 * ten at most. A single such step also comes in the middle of the descent: rounds of 419, 200
 * and 186 ms ended one warm-up, where others went on from about 200 ms to 80-130 ms.
 * Answers each round's time.
 */
export async function warmUpReceiver(sandbox: RunningSandbox, count: number): Promise<number[]> {
  const rounds: number[] = [];
  const flat = (at: number) => Math.abs(rounds[at]! - rounds[at - 1]!) <= rounds[at - 1]! * 0.1;
  for (let round = 0; round < 10; round += 1) {
    rounds.push((await measureFloor(sandbox, count, 100)).all);
    const last = rounds.length - 1;
    if (last >= 2 && flat(last) && flat(last - 1)) break;
  }
  return rounds;
}

export interface FloorSize {
  connections: number;
  /** Each trial's time to take every request in, in the order run. */
  alls: number[];
  median: number;
}

/**
 * The floor: the bare client at its best connection count (one per request, and fewer carrying
 * several in turn), each count tried `rounds` times, in turn so that the machine's drift falls on
 * all of them, and judged by its median trial. A warm receiver takes the same 2,000 requests in
 * anywhere from 87 to 147 ms from one trial to the next (ten trials in a row): the fastest of a
 * handful is a lucky run that a single run of any client, the bare one included, seldom matches,
 * while the burst is one run. The fastest single trial is answered too.
 */
export async function measureBestFloor(sandbox: RunningSandbox, count: number, rounds = 3) {
  const counts = [count, 500, 100];
  const trials: FloorTrial[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const connections of counts) {
      const trial = await measureFloor(sandbox, count, connections);
      if (trial.count !== count) {
        throw new Error(`The sandbox took in ${trial.count} of the bare client's ${count} requests.`);
      }
      trials.push(trial);
    }
  }
  const sizes: FloorSize[] = counts.map((connections) => {
    const alls = trials.filter((trial) => trial.connections === connections).map((trial) => trial.all);
    return { connections, alls, median: median(alls) };
  });
  const best = sizes.reduce((a, b) => (b.median < a.median ? b : a));
  const fastest = trials.reduce((a, b) => (b.all < a.all ? b : a));
  // The floor's own trial (an odd number of rounds makes the median one of them).
  const bestTrial = trials.find(
    (trial) => trial.connections === best.connections && trial.all === best.median,
  );
  return { trials, sizes, best, bestTrial, fastest };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The floor: `count` create requests like the burst's (tweets and LinkedIn posts, alternately,
 * with one connected X account's token and one LinkedIn account's: with all 40 accounts' tokens
 * the receiver behaved the same), written at once over open connections by a bare client in its
 * own process; how long until the sandbox had taken them in (its request log).
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
  collectReceiverGarbage();
  const stopWatching = new AbortController();
  try {
    const intake = watchIntake(sandbox, count, { signal: stopWatching.signal });
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(path.dirname(new URL(import.meta.url).pathname), 'bench-floor-client.mjs'),
      file,
    ]);
    const run = JSON.parse(stdout) as { startedAt: number; writtenMs: number; share: ProcessShare | null };
    // The sandbox records each post before it answers: once the client has every answer, the
    // count is in (on the watch's next look) or never will be (a request it refused).
    setTimeout(() => stopWatching.abort(), 50);
    const receiver = (await intake)?.receiver ?? null;
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
      receiver,
      client: run.share,
    };
  } finally {
    stopWatching.abort();
    fs.rmSync(file, { force: true });
  }
}
