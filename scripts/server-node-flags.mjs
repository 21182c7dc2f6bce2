// The Node flags the server runs with, wherever it is started: `npm start` (scripts/start.mjs),
// the tests and the benchmarks (tests/support/spawn-server.ts), and the container (docs/deploy.md).
// --expose-gc lets the publishing engine empty V8's young generation at a quiet moment just before
// a burst of due posts (server/core/young-generation.ts). V8's default young generation: a larger
// one (--max-semi-space-size=64) added up to 96 MB to a burst's peak and kept it afterwards, for
// no measurable gain in the burst's lateness.
export const SERVER_NODE_FLAGS = ['--expose-gc'];
