// The bare client of `npm run bench:publish` (scripts/bench-publish.ts runs it in its own
// process): one keep-alive TCP connection per request, opened ahead like Postloom's, then every
// request written as prepared bytes in one loop. How long the receiving server takes to take
// them in is the floor Postloom's lateness is compared with.
// Usage: node scripts/bench-floor-client.mjs <requests.json>, where the file holds
// { "host": "127.0.0.1", "port": 3100, "requests": ["POST /... HTTP/1.1\r\n...", ...] }.
import fs from 'node:fs';
import net from 'node:net';

const { host, port, requests } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const payloads = requests.map((text) => Buffer.from(text));
const sockets = await Promise.all(
  payloads.map(
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
const done = new Promise((resolve) => {
  for (const socket of sockets) {
    socket.once('data', () => {
      answered += 1;
      if (answered === sockets.length) resolve();
    });
  }
});
const startedAt = Date.now();
for (let index = 0; index < sockets.length; index += 1) sockets[index].write(payloads[index]);
const writtenMs = Date.now() - startedAt;
await done;
const answeredMs = Date.now() - startedAt;
for (const socket of sockets) socket.destroy();
process.stdout.write(JSON.stringify({ startedAt, writtenMs, answeredMs }));
