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
      // The sandbox's answers carry a Content-Length: one answer is its head plus that many bytes.
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end === -1) return;
        const length = Number(/content-length: *(\d+)/i.exec(pending.toString('latin1', 0, end))?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        pending = pending.subarray(end + 4 + length);
        answered += 1;
        if (answered === payloads.length) resolve();
        else if (next < payloads.length) socket.write(payloads[next++]);
      }
    });
  }
});
startedAt = Date.now();
for (let index = 0; index < count; index += 1) sockets[index].write(payloads[index]);
const writtenMs = Date.now() - startedAt;
await done;
const answeredMs = Date.now() - startedAt;
for (const socket of sockets) socket.destroy();
process.stdout.write(JSON.stringify({ startedAt, writtenMs, answeredMs }));
