// The bare client of `npm run bench:publish` (scripts/bench-publish.ts runs it in its own
// process): `connections` keep-alive TCP connections opened ahead, then every request written as
// prepared bytes: the first one on each connection in one loop, each next one on a connection as
// soon as its previous answer has arrived (no pipelining). How long the receiving server takes
// to take them in is the floor Postloom's lateness is compared with; the benchmark tries a few
// connection counts and keeps the fastest.
// Usage: node scripts/bench-floor-client.mjs <requests.json>, where the file holds
// { "host": "127.0.0.1", "port": 3100, "connections": 2000, "requests": ["POST /... HTTP/1.1\r\n...", ...] }.
import fs from 'node:fs';
import net from 'node:net';
import { shareOf, threadTimes } from './bench-schedstat.mjs';

const { host, port, requests, connections } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const payloads = requests.map((text) => Buffer.from(text));
const count = Math.min(connections ?? payloads.length, payloads.length);
const sockets = await Promise.all(
  Array.from(
    { length: count },
    () =>
      new Promise((resolve, reject) => {
        const socket = net.connect(port, host, () => resolve(socket));
        socket.setNoDelay(true);
        socket.once('error', reject);
      }),
  ),
);
// Connections settle as Postloom's warmed ones do before a burst.
await new Promise((resolve) => setTimeout(resolve, 500));
let answered = 0;
let next = count;
let startedAt = 0;
const done = new Promise((resolve) => {
  for (const socket of sockets) {
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (let end = answerEnd(pending); end !== -1; end = answerEnd(pending)) {
        pending = pending.subarray(end);
        answered += 1;
        if (answered === payloads.length) resolve();
        else if (next < payloads.length) socket.write(payloads[next++]);
      }
    });
  }
});

/**
 * Where the first whole answer in `bytes` ends, or -1. The sandbox's answers carry a
 * Content-Length, or (LinkedIn's 201, which has no body) are chunked: counting the empty
 * chunked body's `0\r\n\r\n` as an answer of its own would write a second request on the
 * connection before the first was answered.
 */
function answerEnd(bytes) {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd === -1) return -1;
  const head = bytes.toString('latin1', 0, headEnd);
  let at = headEnd + 4;
  if (!/^transfer-encoding: *chunked/im.test(head)) {
    const length = Number(/^content-length: *(\d+)/im.exec(head)?.[1] ?? 0);
    return bytes.length >= at + length ? at + length : -1;
  }
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) return -1;
    const size = Number.parseInt(bytes.toString('latin1', at, lineEnd), 16);
    if (size === 0) {
      const trailersEnd = bytes.indexOf('\r\n\r\n', lineEnd);
      return trailersEnd === -1 ? -1 : trailersEnd + 4;
    }
    at = lineEnd + 2 + size + 2;
    if (bytes.length < at) return -1;
  }
}
const threadsAtStart = threadTimes(process.pid);
startedAt = Date.now();
for (let index = 0; index < count; index += 1) sockets[index].write(payloads[index]);
const writtenMs = Date.now() - startedAt;
await done;
const answeredMs = Date.now() - startedAt;
// This client's own use of the cores, from its first write to its last answer.
const share = shareOf(process.pid, threadsAtStart, threadTimes(process.pid));
for (const socket of sockets) socket.destroy();
process.stdout.write(JSON.stringify({ startedAt, writtenMs, answeredMs, share }));
