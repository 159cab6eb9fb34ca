/**
 * The guard `npm run deploy` runs first: it stops, naming the fix, when wrangler.toml or the
 * Worker's secrets would deploy an unsafe or broken product (docs/deploy.md,
 * docs/decisions/0021-production-by-default.md).
 *
 *   node scripts/check-deploy.ts                          asks Cloudflare which secrets are set (`wrangler secret list`)
 *   node scripts/check-deploy.ts --secrets A,B            trusts this list instead (CI, dry runs, tests)
 *   node scripts/check-deploy.ts --config other.toml      checks another configuration file
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { experimental_readRawConfig } from 'wrangler';

/** What wrangler.toml ships with, so that a fresh clone cannot deploy by accident. */
export const PLACEHOLDER_APP_URL = 'https://launchmate.example';
const PLACEHOLDER_ID = /^0+(-0+)*$/;
const WRANGLER = fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url));

/** The parts of the configuration the guard reads. */
export interface DeployConfig {
  vars?: Record<string, unknown>;
  d1_databases?: { binding?: string; database_id?: string }[];
}

/** What is wrong with the configuration, each with its fix; empty when it may be deployed. */
export function configProblems(config: DeployConfig): string[] {
  const problems: string[] = [];
  for (const database of config.d1_databases ?? []) {
    if (!database.database_id || PLACEHOLDER_ID.test(database.database_id)) {
      problems.push(
        `The D1 database id of ${database.binding ?? 'the database'} in wrangler.toml is still the placeholder: run \`npx wrangler d1 create launchmate\` and copy its database_id into [[d1_databases]].`,
      );
    }
  }

  const appUrl = String(config.vars?.APP_URL ?? '');
  if (!URL.canParse(appUrl) || new URL(appUrl).protocol !== 'https:') {
    problems.push(`APP_URL in wrangler.toml must be the product's https origin, e.g. https://launchmate.app (it is "${appUrl}").`);
  } else if (new URL(appUrl).origin === new URL(PLACEHOLDER_APP_URL).origin) {
    problems.push(`APP_URL in wrangler.toml is still the placeholder ${PLACEHOLDER_APP_URL}: set it to the product's public https origin.`);
  }
  if (config.vars?.ENVIRONMENT !== 'production') {
    problems.push(`ENVIRONMENT in wrangler.toml must be "production" for a deployment (it is "${String(config.vars?.ENVIRONMENT ?? '')}").`);
  }
  return problems;
}

/** What is missing among the Worker's secrets, given their names. */
export function secretProblems(secretNames: readonly string[]): string[] {
  if (secretNames.includes('SESSION_SECRET')) return [];
  return [
    'The SESSION_SECRET secret is not set: run `openssl rand -base64 48 | npx wrangler secret put SESSION_SECRET` (at least 32 characters; without it every sign-in answers 503).',
  ];
}

/** The names of the deployed Worker's secrets, from Cloudflare. */
function secretsFromCloudflare(configPath: string): string[] {
  const listed = spawnSync(process.execPath, [WRANGLER, 'secret', 'list', '--format', 'json', '--config', configPath], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const start = listed.stdout.indexOf('[');
  if (listed.status !== 0 || start < 0) {
    throw new Error(
      `Could not list the Worker's secrets with \`wrangler secret list\` (log in with \`npx wrangler login\`; on a first deploy, \`wrangler secret put SESSION_SECRET\` also creates the Worker): ${listed.stderr.trim() || listed.stdout.trim()}`,
    );
  }
  return (JSON.parse(listed.stdout.slice(start)) as { name: string }[]).map((secret) => secret.name);
}

function main() {
  const { values } = parseArgs({ options: { config: { type: 'string', default: 'wrangler.toml' }, secrets: { type: 'string' } } });
  const { rawConfig } = experimental_readRawConfig({ config: values.config });
  const problems = configProblems(rawConfig as DeployConfig);
  try {
    problems.push(
      ...secretProblems(values.secrets !== undefined ? values.secrets.split(',').map((name) => name.trim()) : secretsFromCloudflare(values.config)),
    );
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  if (problems.length > 0) {
    console.error(`Not deploying: ${problems.length === 1 ? 'one thing needs' : `${problems.length} things need`} fixing first (docs/deploy.md).`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log('Deploy check passed: the database id, APP_URL, ENVIRONMENT and SESSION_SECRET are set.');
}

if (import.meta.main) main();
