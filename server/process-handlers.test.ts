import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('a stray rejected promise is logged and the server process keeps running', () => {
  const script = `
    import { createLogger } from './server/core/logger.ts';
    import { logUnhandledRejections } from './server/process-handlers.ts';
    logUnhandledRejections(createLogger('info'));
    Promise.reject(new Error('a write failed'));
    setTimeout(() => console.log('still running'), 50);
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(output).toContain('unhandled promise rejection');
  expect(output).toContain('a write failed');
  expect(output).toContain('still running');
  expect(run.status).toBe(0);
});
