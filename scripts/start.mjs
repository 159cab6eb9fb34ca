// `npm start`: build the product, migrate the local D1 database, load the blog and serve the built Worker with
// its embedded defaults (local D1, the dev outbox, the offline demo generator). wrangler.toml's [vars] are
// production's: the development settings come from scripts/local-address.ts.
import { spawnSync, spawn } from 'node:child_process';
import { localVars } from './local-address.ts';

const port = process.env.PORT ?? '8787';
const vars = localVars(port);
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('vite', ['build']);
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local']);
run(process.execPath, ['scripts/load-blog.ts']);

console.log(`\nLaunchmate is starting at ${vars.APP_URL}\n`);
const server = spawn(
  'wrangler',
  [
    'dev',
    '--port',
    port,
    '--ip',
    '127.0.0.1',
    // Keep the local address as the Worker's request URL even when a custom domain route is configured.
    '--infer-origin-from-routes=false',
    '--show-interactive-dev-session=false',
    ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
  ],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
