/**
 * Shared chrome of the public pages: the top bar's
 * links and translucency, scroll-to-top on navigation, and the footer. On a phone the top bar's
 * links fold into a menu, which is tested there in full; its translucency and the footer (in
 * fewer columns) are the same components, tested at desktop width, and a phone test checks
 * their layout.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appHasStarted, expectNoProblems, newPage, screenshot, url, withBrowser, type Viewport, expectPhoneLayout } from './support';

withBrowser();

const topBar = (page: Page) => page.locator('header.topbar');

/** Opens a public page and waits for its heading and the top bar. */
async function open(viewport: Viewport, path: string, heading: string): Promise<Page> {
  const page = await newPage(viewport);
  const response = await page.goto(path);
  expect(response!.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await topBar(page).waitFor();
  return page;
}

/** How many links with exactly this name the top bar shows (hidden ones do not count). */
const visibleTopBarLinks = (page: Page, name: string) => topBar(page).getByRole('link', { name, exact: true }).filter({ visible: true }).count();

const TOP_BAR_LINKS = [
  { name: 'Pricing', href: '/pricing' },
  { name: 'Our story', href: '/our-story' },
  { name: 'Sign in', href: '/signin' },
  { name: 'Get started', href: '/signup' },
];

describe('top bar links', () => {
  test('the home page shows the logo link home, Pricing, Our story, Sign in and Get started', async () => {
    const page = await open('desktop', '/', 'Your AI co-founder, from idea to product');
    expect(await topBar(page).locator('a[href="/"]').filter({ visible: true }).count()).toBe(1);
    for (const { name, href } of TOP_BAR_LINKS) {
      const link = topBar(page).getByRole('link', { name, exact: true }).filter({ visible: true });
      expect(await link.count(), name).toBe(1);
      expect(await link.getAttribute('href'), name).toBe(href);
    }
    await screenshot(page, 'topbar-home');
    expectNoProblems(page);
  });

  test("'Pricing' is hidden on /pricing", async () => {
    const page = await open('desktop', '/pricing', 'Simple, honest pricing');
    expect(await visibleTopBarLinks(page, 'Pricing')).toBe(0);
    expect(await visibleTopBarLinks(page, 'Our story')).toBe(1);
    expectNoProblems(page);
  });

  test("'Our story' is hidden on /our-story", async () => {
    const page = await open('desktop', '/our-story', 'Our story');
    expect(await visibleTopBarLinks(page, 'Our story')).toBe(0);
    expect(await visibleTopBarLinks(page, 'Pricing')).toBe(1);
    expectNoProblems(page);
  });

  test('on a phone the links fold into a menu, which also hides the current page', async () => {
    const page = await open('phone', '/pricing', 'Simple, honest pricing');
    const menuButton = topBar(page).getByRole('button', { name: 'Menu', exact: true });
    expect(await menuExpanded(page)).toBe(false);
    expect(await visibleTopBarLinks(page, 'Our story')).toBe(0);
    expect(await visibleTopBarLinks(page, 'Get started')).toBe(1);

    await menuButton.click();
    await topBar(page).getByRole('link', { name: 'Our story', exact: true }).waitFor({ state: 'visible' });
    expect(await menuExpanded(page)).toBe(true);
    expect(await visibleTopBarLinks(page, 'Sign in')).toBe(1);
    expect(await visibleTopBarLinks(page, 'Pricing')).toBe(0);
    await screenshot(page, 'topbar-menu-open', { fullPage: false });

    // Escape, a press outside and navigating each close it.
    await page.keyboard.press('Escape');
    await menuList(page).waitFor({ state: 'hidden' });
    expect(await menuExpanded(page)).toBe(false);
    await menuButton.click();
    await menuList(page).waitFor({ state: 'visible' });
    await page.mouse.click(195, 780);
    await menuList(page).waitFor({ state: 'hidden' });
    await menuButton.click();
    await topBar(page).getByRole('link', { name: 'Our story', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Our story', exact: true }).waitFor();
    await menuList(page).waitFor({ state: 'hidden' });
    expect(await visibleTopBarLinks(page, 'Pricing')).toBe(0);
    expectNoProblems(page);
  });

  test('on a phone the menu opens before the app has started on the page, and stays open as it starts', async () => {
    const page = await newPage('phone');
    // The page's scripts are held back, as on a slow network, until the menu has been pressed.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const arrived = page.goto('/pricing', { waitUntil: 'commit' });
    await topBar(page).getByRole('button', { name: 'Menu', exact: true }).click();
    await menuList(page).waitFor({ state: 'visible' });
    expect(await page.evaluate(appHasStarted)).toBe(false);

    releaseScripts();
    await arrived;
    await page.waitForFunction(appHasStarted);
    expect(await menuList(page).isVisible()).toBe(true);
    await topBar(page).getByRole('link', { name: 'Our story', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Our story', exact: true }).waitFor();
    await menuList(page).waitFor({ state: 'hidden' });
    expectNoProblems(page);
  });
});

const menuList = (page: Page) => topBar(page).locator('ul.topbar__links');

/** Whether Chromium's accessibility tree, which screen readers read, says the menu button is expanded. */
async function menuExpanded(page: Page): Promise<boolean> {
  const session = await page.context().newCDPSession(page);
  const { nodes } = await session.send('Accessibility.getFullAXTree');
  await session.detach();
  const button = nodes.find((node) => node.role?.value === 'button' && node.name?.value === 'Menu');
  if (!button) throw new Error('No Menu button in the accessibility tree');
  return button.properties?.find((property) => property.name === 'expanded')?.value.value === true;
}

const isTranslucent = (page: Page) => topBar(page).evaluate((bar) => bar.classList.contains('topbar--translucent'));

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
}

/** Makes the page tall whatever its content (CSSOM changes are allowed by the CSP). */
const makeTall = (page: Page) =>
  page.evaluate(() => {
    document.body.style.minHeight = '4000px';
  });

describe('at desktop width', () => {
  test('the top bar turns translucent once scrolled more than 50 px, and back at the top', async () => {
    const page = await open('desktop', '/terms', 'Terms of Service');
    await makeTall(page);
    expect(await isTranslucent(page)).toBe(false);

    await scrollTo(page, 50);
    // Give a scroll listener (and any animation frame it waits for) time to react: still opaque.
    await page.waitForTimeout(300);
    expect(await isTranslucent(page)).toBe(false);

    await scrollTo(page, 51);
    await expect.poll(() => isTranslucent(page)).toBe(true);
    await scrollTo(page, 600);
    await expect.poll(() => isTranslucent(page)).toBe(true);
    await screenshot(page, 'topbar-translucent', { fullPage: false });

    await scrollTo(page, 0);
    await expect.poll(() => isTranslucent(page)).toBe(false);
    expectNoProblems(page);
  });
});

test('following a footer link scrolls the new page to the top', async () => {
  const page = await open('desktop', '/terms', 'Terms of Service');
  // The layout's <main> stays mounted across the navigation, so /privacy is as tall as /terms
  // was: only the app's scroll-to-top can bring the visitor back to 0.
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('main')!.style.minHeight = '3000px';
  });
  const privacyLink = page.locator('footer').getByRole('link', { name: 'Privacy Policy', exact: true });
  await privacyLink.scrollIntoViewIfNeeded();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(1000);

  await privacyLink.click();
  await page.waitForURL(url('/privacy'));
  await page.getByRole('heading', { level: 1, name: 'Privacy Policy', exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(1000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expectNoProblems(page);
});

describe('footer at desktop width', () => {
  test('shows its column headings and a contact mail link', async () => {
    const page = await open('desktop', '/', 'Your AI co-founder, from idea to product');
    const footer = page.locator('footer');
    for (const name of ['Free tools', 'Resources', 'Community', 'Account', 'Legal']) {
      expect(await footer.getByRole('heading', { name, exact: true }).filter({ visible: true }).count(), name).toBe(1);
    }
    const mail = footer.locator('a[href^="mailto:"]').filter({ visible: true });
    expect(await mail.count()).toBeGreaterThan(0);
    expect(await mail.first().getAttribute('href')).toMatch(/^mailto:[^@\s]+@[^@\s]+\.[a-z]+/);
    // Social links leave the site.
    expect(await footer.locator('a[href^="https://"]').filter({ visible: true }).count()).toBeGreaterThan(0);
    for (const name of ['Privacy Policy', 'Terms of Service']) {
      expect(await footer.getByRole('link', { name, exact: true }).filter({ visible: true }).count(), name).toBe(1);
    }
    await footer.scrollIntoViewIfNeeded();
    await screenshot(page, 'footer');
    expectNoProblems(page);
  });
});

describe('at phone width', () => {
  test('the top bar, scrolled, and the footer fit the screen', async () => {
    const page = await open('phone', '/terms', 'Terms of Service');
    await expectPhoneLayout(
      page,
      'topbar-terms',
      page.getByRole('heading', { level: 1, name: 'Terms of Service', exact: true }),
      [
        topBar(page).getByRole('link', { name: 'Launchmate home' }),
        topBar(page).getByRole('button', { name: 'Menu', exact: true }),
        topBar(page).getByRole('link', { name: 'Get started', exact: true }),
      ],
      { fullPage: false },
    );
    // Scrolled, the bar stays at the top of the screen (translucent: tested at desktop width).
    await scrollTo(page, 600);
    expect((await topBar(page).boundingBox())!.y).toBe(0);
    await screenshot(page, 'topbar-translucent', { fullPage: false });
    expectNoProblems(page);

    const home = await open('phone', '/', 'Your AI co-founder, from idea to product');
    const footer = home.locator('footer');
    await footer.scrollIntoViewIfNeeded();
    await expectPhoneLayout(home, 'footer', footer.getByRole('heading', { name: 'Free tools', exact: true }), [
      ...['Resources', 'Community', 'Account', 'Legal'].map((name) => footer.getByRole('heading', { name, exact: true })),
      footer.locator('a[href^="mailto:"]').filter({ visible: true }).first(),
      footer.getByRole('link', { name: 'Privacy Policy', exact: true }),
    ]);
    expectNoProblems(home);
  });
});
