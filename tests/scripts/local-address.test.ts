import { describe, expect, it } from 'vitest';
import { localAppUrl } from '../../scripts/local-address';

describe('the local APP_URL', () => {
  it('follows the port served', () => {
    expect(localAppUrl('8790', {})).toBe('http://localhost:8790');
    expect(localAppUrl(5173, {})).toBe('http://localhost:5173');
  });

  it('stays what the operator set', () => {
    expect(localAppUrl('8790', { APP_URL: 'https://staging.example' })).toBe('https://staging.example');
  });
});
