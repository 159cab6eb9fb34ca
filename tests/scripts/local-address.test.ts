import { describe, expect, it } from 'vitest';
import { localAppUrl, localVars } from '../../scripts/local-address';

describe('the local APP_URL', () => {
  it('follows the port served', () => {
    expect(localAppUrl('8790', {})).toBe('http://localhost:8790');
    expect(localAppUrl(5173, {})).toBe('http://localhost:5173');
  });

  it('stays what the operator set', () => {
    expect(localAppUrl('8790', { APP_URL: 'https://staging.example' })).toBe('https://staging.example');
  });
});

describe('the vars of a local run', () => {
  it('are development at the address served, over wrangler.toml’s production ones', () => {
    expect(localVars('8790', {})).toEqual({ ENVIRONMENT: 'development', APP_URL: 'http://localhost:8790' });
    expect(localVars(5173, { APP_URL: 'http://127.0.0.1:5173' })).toEqual({ ENVIRONMENT: 'development', APP_URL: 'http://127.0.0.1:5173' });
  });
});
