// The address a local server is reached at. `npm start` and `npm run dev` pass it to the Worker as
// APP_URL, so e-mail links and the Origin check follow the port actually served.

/** `http://localhost:PORT`, unless APP_URL is set in the environment. */
export function localAppUrl(port: string | number, environment: Record<string, string | undefined> = process.env): string {
  return environment.APP_URL || `http://localhost:${port}`;
}

/**
 * What a local run sets over wrangler.toml's [vars], which are production's
 * (docs/decisions/0021-production-by-default.md): the development environment at the address served.
 */
export function localVars(port: string | number, environment: Record<string, string | undefined> = process.env) {
  return { ENVIRONMENT: 'development', APP_URL: localAppUrl(port, environment) } as const;
}
