/**
 * Local addresses (docs/security.md §11): the e2e server listens on 127.0.0.1 with APP_URL on 127.0.0.1,
 * and a visitor who opens it as http://localhost:PORT instead can still use every form, because
 * a local run also accepts the loopback origin of the request itself. This proves, in the real
 * wrangler dev, that the Worker sees the address the browser used.
 */
import { describe, expect, test } from 'vitest';
import { baseUrl, expectHeading, expectNoProblems, newPage, queryD1, sqlText, uniqueEmail, withBrowser } from './support';

withBrowser();

describe('the product opened at another loopback address than APP_URL', () => {
  test('signs up through the form at http://localhost:PORT', async () => {
    const localhost = new URL(baseUrl);
    localhost.hostname = 'localhost';
    expect(localhost.origin).not.toBe(baseUrl);

    const page = await newPage('desktop');
    const email = uniqueEmail('localhost');
    await page.goto(new URL('/signup', localhost).href);
    await expectHeading(page, 'Create your account');
    await page.getByRole('link', { name: 'Sign up with email', exact: true }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a sturdy passphrase 42');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-up'));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    expect((await answer).status()).toBe(200);
    await expectHeading(page, 'Check your inbox');
    expect(await queryD1(`SELECT email FROM users WHERE email = ${sqlText(email)}`)).toEqual([{ email }]);
    expectNoProblems(page);
  });
});
