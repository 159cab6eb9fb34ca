// What the benches that compare this revision with another share: the other revision's files,
// built beside this checkout, and a signed-in account on a served Worker.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { bin, root } from './support.mjs';

export const build = (cwd) => execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd, stdio: 'inherit' });

/** Revision `ref`'s files in bench/.tmp/baseline, sharing this checkout's node_modules, built. */
export function buildBaseline(ref) {
  const dir = join(root, 'bench/.tmp/baseline');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`], { cwd: root, stdio: 'inherit' });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  build(dir);
  return dir;
}

/** Signs up and verifies an account on a Worker; returns its session cookies as a Cookie header. */
export async function signedInCookies(origin, email = 'bench@example.com') {
  const post = (path, body) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(body ?? {}) });
  await post('/api/auth/sign-up', { email, password: 'a long benchmark password' });
  const outbox = await (await fetch(`${origin}/dev/outbox`)).text();
  const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(outbox)?.[1];
  const verified = token && (await post(`/api/auth/verify-email/${token}`));
  if (!verified || verified.status !== 200) throw new Error(`Could not sign in on ${origin}`);
  return verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
