// `npm test`: every check in order — typecheck, lint, unit + API integration (Vitest), then the
// production build and the e2e suite in Chromium. Stops at the first failing step and ends with
// one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'node_modules/.cache/kusina-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const skipE2e = process.argv.includes('--no-e2e');
const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and API integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`]],
  ...(skipE2e ? [] : [['e2e (Chromium)', 'npm', ['run', 'test:e2e']]]),
];

let failedStep = null;
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC', PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` },
  });
  console.log(`${result.status === 0 ? '✓' : '✗'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
const vitestReport = path.join(reports, 'vitest.json');
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
const playwrightReport = path.join(reports, 'playwright.json');
if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}
if (failedStep) {
  console.error(`\nFailed at: ${failedStep}`);
  if (failed === 0) failed = 1;
}
console.log(`\n${passed} passed, ${failed} failed`);
// A report that counts a failure fails the run, whatever the step's exit code said.
process.exit(failedStep || failed > 0 ? 1 : 0);
