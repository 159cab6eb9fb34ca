import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** bench/*.mjs that are not benches: the runner and what the benches share. */
const HELPERS = new Set(['run', 'support', 'worker', 'baseline']);

describe('the benches', () => {
  const benches = readdirSync(join(ROOT, 'bench'))
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => file.slice(0, -'.mjs'.length))
    .filter((name) => !HELPERS.has(name))
    .sort();

  it('are all run by `npm run bench`', () => {
    const listed = spawnSync(process.execPath, [join(ROOT, 'bench/run.mjs'), '--list'], { cwd: ROOT, encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    const names = listed.stdout
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean);
    expect([...names].sort()).toEqual(benches);
  });

  it('each have the npm script the README shows, running that file', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const bench of benches) {
      expect(scripts[`bench:${bench}`], bench).toBe(`node bench/${bench}.mjs`);
      expect(readme, bench).toContain(`\`npm run bench:${bench}`);
    }
  });
});
