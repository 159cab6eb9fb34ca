import { describe, expect, it } from 'vitest';
import { DEFAULT_DEV_PORT, DEFAULT_START_PORT, localPort, localVars, wranglerVarArgs } from '../../scripts/local-dev';

/** `npm start` and `npm run dev` run the Worker as development, with APP_URL on the port they serve. */
describe('local settings', () => {
  it('derive APP_URL from the port served', () => {
    expect(localVars(localPort({ PORT: '8790' }, DEFAULT_START_PORT), {})).toEqual({ ENVIRONMENT: 'development', APP_URL: 'http://localhost:8790' });
    expect(localVars(localPort({}, DEFAULT_START_PORT), {}).APP_URL).toBe('http://localhost:8787');
    expect(localVars(localPort({ PORT: '' }, DEFAULT_DEV_PORT), {}).APP_URL).toBe('http://localhost:5173');
  });

  it('keep an APP_URL set in the shell', () => {
    expect(localVars(8790, { APP_URL: 'https://dev.example.test' }).APP_URL).toBe('https://dev.example.test');
  });

  it('refuse a PORT that is not a port', () => {
    for (const port of ['abc', '0', '65536', '80.5']) expect(() => localPort({ PORT: port }, DEFAULT_START_PORT), port).toThrow(/PORT must be a port number/);
  });

  it('become wrangler --var arguments', () => {
    expect(wranglerVarArgs(localVars(8790, {}))).toEqual(['--var', 'ENVIRONMENT:development', '--var', 'APP_URL:http://localhost:8790']);
  });
});
