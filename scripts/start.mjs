// `npm start`: build the product, migrate the local D1 database, load the blog and serve the built Worker with
// its embedded defaults (local D1 and KV, the dev outbox, the offline demo generator).
// wrangler.toml's [vars] are production's: the development settings come from scripts/local-dev.ts.
import { spawnSync, spawn } from 'node:child_process';
import { DEFAULT_START_PORT, localPort, localVars, wranglerVarArgs } from './local-dev.ts';

const port = localPort(process.env, DEFAULT_START_PORT);
const vars = localVars(port, process.env);
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
    '--port', String(port),
    '--ip', '127.0.0.1',
    // Keep the local address as the Worker's request URL even when a custom domain route is configured.
    '--infer-origin-from-routes=false',
    '--show-interactive-dev-session=false',
    ...wranglerVarArgs(vars),
  ],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
