/**
 * `npm run bench:crash [-- --posts 200]`
 * Schedules posts across the six platforms due at the same moment, kills the real server with
 * SIGKILL while they go out, restarts it on the same data and checks every post against what
 * the sandbox published: duplicates, lost posts, and posts failed as unconfirmed that the
 * platform never received must all be 0 (tests/support/crash-scenario.ts).
 */
import { formatCrashReport, runCrashScenario } from '../tests/support/crash-scenario.js';
import { numberOption } from './bench-args.js';

const report = await runCrashScenario({
  posts: numberOption('posts', 200),
  killAt: numberOption('kill-at', 0.3),
  log: (line) => console.log(line),
});
console.log(`\n${formatCrashReport(report)}\n`);
const { twice, lost, unconfirmedNeverReceived, wrongRecord } = report.total;
const ok = twice === 0 && lost === 0 && unconfirmedNeverReceived === 0 && wrongRecord === 0;
console.log(
  `${ok ? 'PASS' : 'FAIL'}: ${twice} duplicates, ${lost} lost, ${unconfirmedNeverReceived} unconfirmed that the platform never received, ${wrongRecord} recorded with a wrong id`,
);
if (!ok) process.exitCode = 1;
