// `npm start`: build the product, migrate the local D1 database, load the blog and serve the built Worker with
// its embedded defaults (local D1, the dev outbox, the offline demo generator).
import { spawnSync, spawn } from 'node:child_process';
import { localAppUrl } from './local-address.ts';

const port = process.env.PORT ?? '8787';
const appUrl = localAppUrl(port);
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('vite', ['build']);
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local']);
run(process.execPath, ['scripts/load-blog.ts']);

console.log(`\nLaunchmate is starting at ${appUrl}\n`);
const server = spawn(
  'wrangler',
  ['dev', '--port', port, '--ip', '127.0.0.1', '--var', `APP_URL:${appUrl}`, '--show-interactive-dev-session=false'],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
