// `npm run lint:extension`: Mozilla's addons-linter (what addons.mozilla.org runs on a submission)
// on the Firefox build in .output, which it does not build (`npx wxt build -b firefox` does).
// Prints the summary and every message; exits 1 on any error or warning (notices are printed only).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const candidates = ['.output/firefox-mv3', '.output/firefox-mv2'];
const dir = candidates.find((d) => fs.existsSync(path.join(d, 'manifest.json')));
if (!dir) {
  console.error(`No Firefox build in ${candidates.join(' or ')}: build it with npx wxt build -b firefox`);
  process.exit(1);
}

const bin = path.join('node_modules', 'addons-linter', 'bin', 'addons-linter');
const run = spawnSync(process.execPath, [bin, '--output', 'json', '--boring', dir], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`addons-linter gave no report (exit code ${run.status}):\n${run.stdout}${run.stderr}`);
  process.exit(1);
}

const { version } = JSON.parse(fs.readFileSync('node_modules/addons-linter/package.json', 'utf8'));
const { errors, warnings, notices } = report.summary;
console.log(`addons-linter ${version} on ${dir}: ${errors} errors, ${warnings} warnings, ${notices} notices`);
for (const kind of ['errors', 'warnings', 'notices']) {
  for (const m of report[kind] ?? []) {
    const where = m.file ? ` ${m.file}${m.line ? `:${m.line}${m.column ? `:${m.column}` : ''}` : ''}` : '';
    console.log(`  ${kind.slice(0, -1)} ${m.code}${where}: ${m.message}`);
  }
}
process.exit(errors + warnings > 0 ? 1 : 0);
