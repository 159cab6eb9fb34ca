/**
 * What a first-time visitor met and should not: the keyboard's way past the top bar, the focus
 * ring of fields, banners over the top bar, the article's edges, and the dashboard on a phone.
 * The skip link and the focus rings are the same on a phone: tested at desktop width, with a
 * phone test that checks the layout of their pages. The banner is tested at both widths, since
 * the top bar it must leave clickable is another one on a phone (its links fold into a menu).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  expectNoProblems,
  newPage,
  screenshot,
  signedInState,
  withBrowser,
  VIEWPORTS,
  type StorageState,
  waitForHydration,
  expectPhoneLayout,
} from './support';

withBrowser();

/** Whether a click at the centre of `selector`'s first visible match lands on it (nothing covers it). */
async function isClickable(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .filter({ visible: true })
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (hit === element || element.contains(hit));
    });
}

describe('at desktop width', () => {
  test("'Skip to content' is the first stop of the keyboard and moves the focus into the page", async () => {
    const page = await newPage('desktop');
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    // Visible while focused (it sits off screen otherwise).
    const box = await skip.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next Tab continues inside the page, not in the top bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#main')))).toBe(true);
    expectNoProblems(page);
  });

  test('text fields and the landing prompt show the same 3 px focus ring as buttons', async () => {
    const page = await newPage('desktop');
    await page.goto('/signin?method=email');
    const email = page.getByLabel('Email', { exact: true });
    await email.focus();
    expect(await email.evaluate((input) => getComputedStyle(input).outlineWidth)).toBe('3px');
    expect(await email.evaluate((input) => getComputedStyle(input).outlineStyle)).toBe('solid');

    await page.goto('/');
    const prompt = page.locator('.message-box__input');
    await prompt.focus();
    const ring = await page.locator('.message-box').evaluate((box) => getComputedStyle(box).outlineWidth);
    expect(ring).toBe('3px');
    await screenshot(page, 'landing-prompt-focus');
  });
});

describe.each(VIEWPORTS)('the top bar at %s width', (viewport) => {
  test('a banner leaves the top bar clickable', async () => {
    const page = await newPage(viewport);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/business-ideas-generator');
    // The page arrives rendered: its share menu opens once the app has hydrated it.
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await page.getByText('Link copied to clipboard!').waitFor();
    await screenshot(page, 'banner-over-top-bar');
    const controls =
      viewport === 'desktop' ? ['header.topbar a[href="/signin"]', 'header.topbar a[href="/signup"]'] : ['header.topbar a[href="/"]', 'header.topbar button'];
    for (const selector of controls) expect(await isClickable(page, selector), selector).toBe(true);
  });
});

test('a blog article starts its back link, title, contents and body at one left edge', async () => {
  const page = await newPage('desktop');
  await page.goto('/blog');
  const first = page.locator('a.article-card__link').first();
  await first.click();
  await page.locator('.article__content').waitFor();
  const left = async (selector: string) => Math.round((await page.locator(selector).first().boundingBox())!.x);
  const back = await left('.article-page__back a');
  expect(await left('.article__header h1')).toBe(back);
  expect(await left('.toc')).toBe(back);
  await screenshot(page, 'article-grid-desktop');
});

describe('at phone width', () => {
  test('the pages of the skip link and the focus rings fit the screen, with the focused control on it', async () => {
    const page = await newPage('phone');
    await page.goto('/pricing');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await expectPhoneLayout(page, 'skip-link', heading, [skip, page.locator('header.topbar').getByRole('button', { name: 'Menu', exact: true })]);

    await page.goto('/signin?method=email');
    const email = page.getByLabel('Email', { exact: true });
    await email.focus();
    await expectPhoneLayout(page, 'signin-email-focus', page.getByRole('heading', { level: 1, name: 'Sign in to Launchmate' }), [
      email,
      page.getByRole('button', { name: 'Sign in', exact: true }),
    ]);

    await page.goto('/');
    await page.locator('.message-box__input').focus();
    await expectPhoneLayout(page, 'landing-prompt-focus', page.getByRole('heading', { level: 1, name: 'Your AI co-founder, from idea to product' }), [
      page.locator('.message-box'),
      page.getByRole('button', { name: 'Send', exact: true }),
    ]);
    expectNoProblems(page, [/status of 401 .*\/api\/auth\/check-auth/]);
  });
});

describe('the dashboard on a phone', () => {
  let state: StorageState;
  beforeAll(async () => {
    state = await signedInState();
  });

  test("shows the project list and 'New project' first, before the project and the preferences", async () => {
    const page = await newPage('phone', { storageState: state });
    await page.goto('/dashboard');
    const projects = page.getByRole('region', { name: 'Your projects', exact: true });
    await projects.waitFor();
    const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.y;
    const listTop = await top(projects);
    expect(listTop).toBeLessThan(844);
    expect(await top(page.locator('.dashboard__main'))).toBeGreaterThan(listTop);
    await screenshot(page, 'dashboard-phone-order', { fullPage: true });
  });
});
