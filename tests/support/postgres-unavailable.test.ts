import { it } from 'vitest';

// What vitest's postgres project runs when there is no PostgreSQL to run the suite on
// (vitest.config.ts): one test that says why, skipped, or failed under CI=true.
it('runs the database tests on PostgreSQL', (ctx) => {
  const reason = process.env.POSTLOOM_TEST_PG_UNAVAILABLE ?? 'unknown reason';
  if (process.env.CI === 'true') throw new Error(`PostgreSQL is required under CI: ${reason}`);
  ctx.skip(`PostgreSQL unavailable: ${reason}`);
});
