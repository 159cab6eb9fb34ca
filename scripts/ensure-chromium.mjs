// Makes sure Debian's Chromium is present for the end-to-end suite.
// playwright-core drives /usr/bin/chromium; Playwright's own browser download does not work here.
// - Chromium present: print its version and succeed.
// - Missing, and we are root with apt-get: install Debian's `chromium` package, then verify.
// - Missing otherwise: stop with a message that names the package and the command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium';

function version() {
  const result = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) return null;
  return result.stdout.trim() || null;
}

function fail(message) {
  console.error(`ensure-chromium: ${message}`);
  console.error(`The end-to-end tests need Debian's package "chromium" (${CHROMIUM}). Install it with:\n  ${INSTALL_HINT}`);
  process.exit(1);
}

function run(command, args) {
  console.log(`ensure-chromium: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`"${command} ${args.join(' ')}" failed with exit code ${result.status ?? result.signal}.`);
}

const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

if (existsSync(CHROMIUM)) {
  const found = version();
  if (!found) fail(`${CHROMIUM} exists but "${CHROMIUM} --version" failed; the installation looks broken.`);
  console.log(`ensure-chromium: ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !hasAptGet()) {
  fail(`${CHROMIUM} is missing${isRoot ? ' and apt-get is not available' : ' and this is not running as root'}, so it cannot be installed automatically.`);
}

console.log(`ensure-chromium: ${CHROMIUM} is missing; installing Debian's "chromium" package.`);
run('apt-get', ['update']);
run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);

if (!existsSync(CHROMIUM)) fail(`the "chromium" package was installed but ${CHROMIUM} is still missing.`);
const installed = version();
if (!installed) fail(`"${CHROMIUM} --version" fails after the installation.`);
console.log(`ensure-chromium: installed ${installed}`);
