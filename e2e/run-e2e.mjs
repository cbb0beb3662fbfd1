#!/usr/bin/env node
// Runs the Playwright suite against an installed Chromium. Machines here cannot download Playwright's own browser
// builds, so we look for one (CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's cache) and, as root with apt,
// install Debian's package; otherwise we say what to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function playwrightChromium() {
  try {
    const output = execFileSync(process.execPath, ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"], { encoding: 'utf8' });
    return existsSync(output) ? output : undefined;
  } catch {
    return undefined;
  }
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? playwrightChromium();
}

function installDebianChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  process.stderr.write('e2e: no Chromium found; installing Debian\'s chromium package (apt-get)…\n');
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  return spawnSync('apt-get', ['update'], quiet).status === 0 && spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], quiet).status === 0;
}

let chromium = findChromium();
if (!chromium && installDebianChromium()) chromium = findChromium();
if (!chromium) {
  process.stderr.write('e2e: no Chromium found. Set CHROMIUM_PATH, install your distribution\'s chromium, or run: npx playwright install chromium\n');
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
