/**
 * The settings of a local run (`npm start`, `npm run dev`). wrangler.toml's [vars] are production's
 * (docs/decisions/0021-production-by-default.md), so every local run sets its own: the development
 * environment, and APP_URL derived from the port it serves unless APP_URL is set in the shell, so
 * that `PORT=8790 npm start` mails links to :8790 (docs/decisions/0022-local-addresses.md).
 */
export const DEFAULT_START_PORT = 8787;
export const DEFAULT_DEV_PORT = 5173;

export interface LocalVars {
  ENVIRONMENT: 'development';
  APP_URL: string;
}

/** The port to serve: PORT from the shell, or the command's default. */
export function localPort(shell: NodeJS.ProcessEnv, fallback: number): number {
  if (shell.PORT === undefined || shell.PORT === '') return fallback;
  const port = Number(shell.PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`PORT must be a port number (1-65535), not "${shell.PORT}".`);
  return port;
}

export function localVars(port: number, shell: NodeJS.ProcessEnv): LocalVars {
  return { ENVIRONMENT: 'development', APP_URL: shell.APP_URL || `http://localhost:${port}` };
}

/** The same settings as wrangler's `--var NAME:VALUE` arguments, which override wrangler.toml's [vars]. */
export const wranglerVarArgs = (vars: object): string[] => Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${String(value)}`]);
