import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { configProblems, PLACEHOLDER_APP_URL, secretProblems, type DeployConfig } from '../../scripts/check-deploy';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WRANGLER = join(ROOT, 'node_modules/wrangler/bin/wrangler.js');
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1', FORCE_COLOR: '0' };
const scratch = mkdtempSync(join(tmpdir(), 'launchmate-deploy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A configuration as docs/deploy.md leaves it: real ids, the public origin, production. */
const ready: DeployConfig = {
  vars: { APP_URL: 'https://launchmate.app', ENVIRONMENT: 'production' },
  d1_databases: [{ binding: 'DB', database_id: '4f7c1e9a-2b3d-4c5e-8f60-71a2b3c4d5e6' }],
};

describe('the deploy guard', () => {
  it('passes a configuration filled in as the guide says, with SESSION_SECRET set', () => {
    expect(configProblems(ready)).toEqual([]);
    expect(secretProblems(['RESEND_API_KEY', 'SESSION_SECRET'])).toEqual([]);
  });

  it.each([
    [
      'the D1 database id is the placeholder',
      { ...ready, d1_databases: [{ binding: 'DB', database_id: '00000000-0000-0000-0000-000000000000' }] },
      /D1 database id of DB .* placeholder.*wrangler d1 create/,
    ],
    ['the D1 database id is missing', { ...ready, d1_databases: [{ binding: 'DB' }] }, /D1 database id of DB/],
    ['APP_URL is http', { ...ready, vars: { ...ready.vars, APP_URL: 'http://launchmate.app' } }, /APP_URL .* https origin.*"http:\/\/launchmate.app"/],
    ['APP_URL is not a URL', { ...ready, vars: { ...ready.vars, APP_URL: 'launchmate.app' } }, /APP_URL .* https origin/],
    ['APP_URL is the placeholder', { ...ready, vars: { ...ready.vars, APP_URL: PLACEHOLDER_APP_URL } }, /APP_URL .* still the placeholder/],
    ['ENVIRONMENT is development', { ...ready, vars: { ...ready.vars, ENVIRONMENT: 'development' } }, /ENVIRONMENT .* must be "production" .*"development"/],
  ] satisfies [string, DeployConfig, RegExp][])('refuses when %s', (_, config, message) => {
    const problems = configProblems(config);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('refuses when SESSION_SECRET is not among the secrets', () => {
    expect(secretProblems(['RESEND_API_KEY'])).toEqual([
      expect.stringMatching(/SESSION_SECRET secret is not set: run `openssl rand -base64 48 \| npx wrangler secret put SESSION_SECRET`/),
    ]);
  });

  const guard = (args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'scripts/check-deploy.ts'), ...args], { cwd: ROOT, encoding: 'utf8', env: quietEnv });

  it('stops `npm run deploy` on the repository as cloned, naming each placeholder and the secret', { timeout: 60_000 }, () => {
    const run = guard(['--secrets', '']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Not deploying: 3 things need fixing first');
    for (const part of ['D1 database id of DB', `still the placeholder ${PLACEHOLDER_APP_URL}`, 'SESSION_SECRET secret is not set']) {
      expect(run.stderr).toContain(part);
    }
    // The repository's [vars] are already production's.
    expect(run.stderr).not.toContain('ENVIRONMENT');
  });

  it('lets the deploy go on once wrangler.toml is filled in and SESSION_SECRET is set', { timeout: 60_000 }, () => {
    const filledIn = readFileSync(join(ROOT, 'wrangler.toml'), 'utf8')
      .replace('database_id = "00000000-0000-0000-0000-000000000000"', `database_id = "${ready.d1_databases![0]!.database_id}"`)
      .replace(`APP_URL = "${PLACEHOLDER_APP_URL}"`, 'APP_URL = "https://launchmate.app"');
    const config = join(scratch, 'wrangler.toml');
    writeFileSync(config, filledIn);
    const passing = guard(['--config', config, '--secrets', 'SESSION_SECRET,RESEND_API_KEY']);
    expect(passing.stderr).toBe('');
    expect(passing.status).toBe(0);
    expect(passing.stdout).toContain('Deploy check passed');

    const withoutSecret = guard(['--config', config, '--secrets', 'RESEND_API_KEY']);
    expect(withoutSecret.status).toBe(1);
    expect(withoutSecret.stderr).toContain('Not deploying: one thing needs fixing first');
  });
});

describe('the production build', () => {
  it('passes `wrangler deploy --dry-run` with production settings, without network or login', { timeout: 120_000 }, () => {
    if (!existsSync(join(ROOT, '.wrangler/deploy/config.json'))) throw new Error('The dry run deploys the BUILT product: run `npm run build` first.');
    const outdir = join(scratch, 'dry-run');
    const run = spawnSync(process.execPath, [WRANGLER, 'deploy', '--dry-run', '--outdir', outdir], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...quietEnv, CLOUDFLARE_API_TOKEN: '', CLOUDFLARE_ACCOUNT_ID: '' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('--dry-run: exiting now.');
    expect(run.stdout).toMatch(/env\.ENVIRONMENT \("production"\)/);
    expect(run.stdout).toContain(`env.APP_URL ("${PLACEHOLDER_APP_URL}")`);
    // The co-founder's Durable Object is part of the deployment; its class migration needs no step.
    expect(run.stdout).toMatch(/env\.COFOUNDER \(CofounderAgent\)/);
    expect(existsSync(join(outdir, 'index.js'))).toBe(true);
  });
});
