/**
 * The marketing pages in Chromium (issue 6, "Done when"): the landing page's message box and
 * dialog, the showcase and testimonials, the demo video and its analytics event, where every
 * pricing and hero button leads, the legal texts, scrolling to the top on navigation, keyboard
 * use, and an axe-core scan of every page. On a phone these pages are the same components in
 * one column: their flows and scans run at desktop width, and at phone width a test per page
 * checks its layout. The top bar is another one on a phone (its links fold into a menu): the
 * scan covers it there, menu closed and open (its behaviour is tested in chrome.test.ts).
 */
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PHASES_AVAILABLE_NOW } from '../../app/content/phases';
import { isAvailable, PLANS } from '../../app/content/pricing';
import { LANDING_EXAMPLES } from '../../app/content/landing-examples';
import { SHOWCASE } from '../../app/content/showcase';
import {
  expectHeading,
  expectNoProblems,
  newPage,
  queryD1,
  screenshot,
  sqlText,
  url,
  withBrowser,
  type Viewport,
  waitForHydration,
  expectPhoneLayout,
} from './support';

withBrowser();

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const HOME_HEADING = 'Your AI co-founder, from idea to product';
const MARKETING_PAGES = [
  { path: '/', heading: HOME_HEADING },
  { path: '/demo', heading: 'See Launchmate in action' },
  { path: '/pricing', heading: 'Simple, honest pricing' },
  { path: '/our-story', heading: 'Our story' },
  { path: '/contributors', heading: 'Contributors' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
];

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Describe what you want to build' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const joinDialog = (page: Page) => page.getByRole('dialog', { name: 'Join and start building' });
const placeholderOf = (box: Locator) => box.evaluate((element) => (element as HTMLTextAreaElement).placeholder);
const heightOf = async (box: Locator) => (await box.boundingBox())!.height;

async function openHome(viewport: Viewport, options: Parameters<typeof newPage>[1] = {}) {
  const page = await newPage(viewport, options);
  await page.goto('/');
  await expectHeading(page, HOME_HEADING);
  // The heading is in the Worker's HTML: the tests below use the controls once they are live.
  await waitForHydration(page);
  return page;
}

/** Whether the element that has focus is inside the element `selector` matches. */
const focusIsInside = (page: Page, selector: string) =>
  page.evaluate((selector) => document.querySelector(selector)?.contains(document.activeElement) ?? false, selector);

describe('at desktop width', () => {
  describe('the landing page message box', () => {
    test('the placeholder types out the examples after "I want to", one after another', async () => {
      const page = await openHome('desktop');
      const box = messageBox(page);
      const [first, second] = LANDING_EXAMPLES as [string, string];
      // Part-way through the first example, then all of it, then the start of the second.
      await expect.poll(() => placeholderOf(box), { timeout: 5_000, interval: 20 }).toMatch(new RegExp(`^I want to ${first.slice(0, 3)}`));
      const partial = await placeholderOf(box);
      expect(partial.length).toBeLessThan(`I want to ${first}`.length);
      await expect.poll(() => placeholderOf(box), { timeout: 8_000, interval: 50 }).toBe(`I want to ${first}`);
      await expect.poll(() => placeholderOf(box), { timeout: 12_000, interval: 50 }).toMatch(new RegExp(`^I want to ${second.slice(0, 4)}`));
      await screenshot(page, 'landing-hero', { fullPage: false });
      expectNoProblems(page);
    });

    test('Send stays disabled on blank text; Enter sends, Shift+Enter adds a line', async () => {
      const page = await openHome('desktop');
      const box = messageBox(page);
      expect(await sendButton(page).isDisabled()).toBe(true);
      await box.fill('   \n  ');
      expect(await sendButton(page).isDisabled()).toBe(true);
      await box.press('Enter');
      expect(await joinDialog(page).isVisible()).toBe(false);

      await box.fill('');
      await box.pressSequentially('A tool for tutors');
      await box.press('Shift+Enter');
      await box.pressSequentially('with payments');
      expect(await box.inputValue()).toBe('A tool for tutors\nwith payments');
      expect(await joinDialog(page).isVisible()).toBe(false);
      expect(await sendButton(page).isDisabled()).toBe(false);

      await box.press('Enter');
      await joinDialog(page).waitFor({ state: 'visible' });
      expect(await box.inputValue()).toBe('A tool for tutors\nwith payments');
      expectNoProblems(page);
    });

    test('the box grows with its text from 110 px up to 192 px, then scrolls', async () => {
      const page = await openHome('desktop');
      const box = messageBox(page);
      expect(await heightOf(box)).toBe(110);
      await box.fill('one line');
      expect(await heightOf(box)).toBe(110);
      await box.fill('1\n2\n3\n4\n5');
      const middle = await heightOf(box);
      expect(middle).toBeGreaterThan(110);
      expect(middle).toBeLessThan(192);
      await box.fill(Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n'));
      expect(await heightOf(box)).toBe(192);
      expect(await box.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      await box.fill('');
      expect(await heightOf(box)).toBe(110);
      expectNoProblems(page);
    });

    test('sending opens "Join and start building" with Sign up and Sign in, and Sign up leads to /signup', async () => {
      const page = await openHome('desktop');
      await messageBox(page).fill('A budgeting app for freelancers');
      await sendButton(page).click();
      const dialog = joinDialog(page);
      await dialog.waitFor({ state: 'visible' });
      const signUp = dialog.getByRole('link', { name: 'Sign up', exact: true });
      const signIn = dialog.getByRole('link', { name: 'Sign in', exact: true });
      expect(await signUp.getAttribute('href')).toBe('/signup');
      expect(await signIn.getAttribute('href')).toBe('/signin');
      await screenshot(page, 'landing-join-dialog', { fullPage: false });
      await signUp.click();
      await page.waitForURL(url('/signup'));
      await expectHeading(page, 'Create your account');
      expectNoProblems(page);
    });

    test("'Brainstorm ideas' sends 'Help me brainstorm ideas'", async () => {
      const page = await openHome('desktop');
      await page.getByRole('button', { name: 'Brainstorm ideas' }).click();
      await joinDialog(page).waitFor({ state: 'visible' });
      expect(await messageBox(page).inputValue()).toBe('Help me brainstorm ideas');
      expectNoProblems(page);
    });

    test('the draft and privacy mode survive a reload', async () => {
      const page = await openHome('desktop');
      const toggle = page.getByRole('switch', { name: 'Privacy mode' });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await messageBox(page).fill('Meal prep for night-shift nurses\nin Bucharest');
      await toggle.click();
      await sendButton(page).click();
      await joinDialog(page).waitFor({ state: 'visible' });

      await page.reload();
      await expectHeading(page, HOME_HEADING);
      expect(await messageBox(page).inputValue()).toBe('Meal prep for night-shift nurses\nin Bucharest');
      expect(await page.getByRole('switch', { name: 'Privacy mode' }).getAttribute('aria-checked')).toBe('true');
      expect(await page.evaluate(() => localStorage.getItem('launchmate.landingPagePrompt'))).toBe('Meal prep for night-shift nurses\nin Bucharest');
      expectNoProblems(page);
    });
  });

  test('the showcase lists the 12 projects in a different order on another load', async () => {
    const page = await openHome('desktop');
    const showcase = page.getByTestId('showcase');
    const names = async () => showcase.locator('.showcase__link').evaluateAll((links) => links.map((link) => link.firstChild?.textContent ?? ''));
    // The Worker renders the written order; the browser shuffles it once the section has hydrated.
    const written = SHOWCASE.map((project) => project.name);
    const shuffledNames = async () => {
      await expect.poll(names, { timeout: 15_000 }).not.toEqual(written);
      return names();
    };
    const first = await shuffledNames();
    expect([...first].sort()).toEqual(SHOWCASE.map((project) => project.name).sort());

    const cards = showcase.getByRole('listitem');
    expect(await cards.count()).toBe(12);
    for (const card of await cards.all()) {
      const name = (await card.locator('.showcase__link').evaluate((link) => link.firstChild?.textContent)) ?? '';
      const project = SHOWCASE.find((entry) => entry.name === name)!;
      expect(await card.getByRole('img', { name: `${name} home page` }).getAttribute('src')).toBe(project.image);
      expect(await card.locator('.showcase__favicon').getAttribute('src')).toBe(project.favicon);
      expect(await card.getByRole('link').getAttribute('href')).toBe(project.url);
      expect(await card.getByText(`by ${project.founder}`).isVisible()).toBe(true);
    }
    // The images are the product's own files.
    const image = await page.request.get(SHOWCASE[0]!.image);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\/svg\+xml/);

    // A random order repeats itself (or the written one) once in 12! (479 001 600) loads; three
    // loads make a false failure practically impossible while a fixed order fails every time.
    const orders = [first.join('|')];
    for (let load = 0; load < 2; load++) {
      await page.reload();
      orders.push((await shuffledNames()).join('|'));
    }
    expect(new Set(orders).size).toBeGreaterThan(1);
    await screenshot(page, 'landing-full');
    expectNoProblems(page);
  });

  test('testimonials scroll on their own while on screen, stop with Pause, and stay still for reduced motion', async () => {
    const page = await openHome('desktop');
    const track = page.getByTestId('testimonials-track');
    await track.waitFor();
    const animation = () =>
      track.evaluate((element) => ({ name: getComputedStyle(element).animationName, state: getComputedStyle(element).animationPlayState }));
    // Below the fold at first: nothing moves off screen.
    expect(await animation()).toEqual({ name: 'testimonials-scroll', state: 'paused' });
    await page.getByRole('button', { name: 'Pause testimonials' }).scrollIntoViewIfNeeded();
    await expect.poll(animation).toEqual({ name: 'testimonials-scroll', state: 'running' });
    const offset = () => track.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).m41);
    const before = await offset();
    await expect.poll(offset, { timeout: 3_000 }).toBeLessThan(before);
    await page.getByRole('button', { name: 'Pause testimonials' }).click();
    expect((await animation()).state).toBe('paused');
    expectNoProblems(page);

    const still = await openHome('desktop', { reducedMotion: 'reduce' });
    const stillTrack = still.getByTestId('testimonials-track');
    await stillTrack.waitFor();
    expect(await stillTrack.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    expectNoProblems(still);
  });

  test('the hero buttons lead to /signup and /demo', async () => {
    const page = await openHome('desktop');
    await page.getByRole('link', { name: 'Start with 2 free phases' }).first().click();
    await page.waitForURL(url('/signup'));
    await expectHeading(page, 'Create your account');

    await page.goto('/');
    await page.getByRole('link', { name: 'View demo', exact: true }).click();
    await page.waitForURL(url('/demo'));
    await expectHeading(page, 'See Launchmate in action');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByText('Trusted by 10,000+ founders').count()).toBe(0);
    expectNoProblems(page);
  });

  test.each(['/', '/pricing', '/demo'])('every sign-up button of %s lands on /signup', async (path) => {
    const page = await newPage('desktop');
    await page.goto(path);
    await page.locator('main h1').waitFor();
    // Every button-styled link of the page (pricing cards, calls to action, the hero's first).
    const buttons = page.locator('main a.button');
    await page.locator('main .call-to-action').waitFor();
    const count = await buttons.count();
    expect(count).toBeGreaterThanOrEqual(path === '/' ? 2 : 3);
    const targets = await buttons.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // Pro's 'Get Pro' signs up too, and carries the purchase on to Checkout (app/lib/get-pro.ts).
    const signsUp = (href: string | null) => href === '/signup' || href === '/signup?next=pro';
    expect(targets.filter((href) => !signsUp(href))).toEqual(path === '/' ? ['/demo'] : []);
    for (let i = 0; i < count; i++) {
      if (!signsUp(targets[i]!)) continue;
      await page.goto(path);
      await page.locator('main .call-to-action').waitFor();
      const button = buttons.nth(i);
      await button.scrollIntoViewIfNeeded();
      await button.click();
      await page.waitForURL(url(targets[i]!));
      await expectHeading(page, 'Create your account');
    }
    expectNoProblems(page);
  });

  test('/pricing shows the Free and Pro cards as the spec prices them', async () => {
    const page = await newPage('desktop');
    await page.goto('/pricing');
    await expectHeading(page, 'Simple, honest pricing');
    const free = page.locator('[data-plan="free"]');
    const pro = page.locator('[data-plan="pro"]');
    expect(await free.getByRole('heading', { name: 'Free' }).isVisible()).toBe(true);
    expect(await free.textContent()).toContain('$0');
    for (const text of ['Finding an idea', "Estimating the problem's scale and impact", 'Using real-world data'])
      expect(await free.textContent()).toContain(text);
    expect(await pro.textContent()).toMatch(/\$149\s*once, lifetime access/);
    for (const text of [
      'All phases',
      '5 projects',
      'Competitor and gap research',
      'User personas',
      'Solution shaping',
      'Build planning',
      'Launch and marketing help',
      'Dedicated support',
      'Document export',
    ]) {
      expect(await pro.textContent()).toContain(text);
    }
    // The phases not built yet are marked, and the card says which phases work today.
    const comingSoon = PLANS.find((plan) => plan.id === 'pro')!.features.filter((feature) => !isAvailable(feature));
    expect(await pro.locator('.pricing-card__feature--coming').allTextContents()).toEqual(comingSoon.map((feature) => `${feature.text}Coming soon`));
    if (PHASES_AVAILABLE_NOW) expect(await pro.getByText(PHASES_AVAILABLE_NOW).isVisible()).toBe(true);
    // The FAQ opens in place, once the app has taken the page over (a click during hydration
    // may land on markup React is about to replace).
    await waitForHydration(page);
    await page.getByText('Can I get a refund?').click();
    await page.getByText(/within 14 days of your most recent payment/).waitFor({ state: 'visible' });
    await screenshot(page, 'pricing');
    expectNoProblems(page);
  });

  test("the demo video plays, and 'play-demo' is recorded once for two plays", async () => {
    const page = await newPage('desktop');
    const events: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') events.push(request.postData() ?? '');
    });
    await page.goto('/demo');
    await expectHeading(page, 'See Launchmate in action');
    const video = page.locator('video');
    await video.scrollIntoViewIfNeeded();
    const sessionBefore = await page.evaluate(() => sessionStorage.getItem('launchmate.analyticsSession'));
    expect(sessionBefore).toBeNull();

    // A muted play needs no gesture; the second play comes after a pause.
    const played = await video.evaluate(async (element) => {
      const player = element as HTMLVideoElement;
      player.muted = true;
      await player.play();
      await new Promise((resolve) => setTimeout(resolve, 600));
      player.pause();
      await player.play();
      await new Promise((resolve) => setTimeout(resolve, 300));
      player.pause();
      return { time: player.currentTime, width: player.videoWidth, height: player.videoHeight };
    });
    // A real file that decodes: it advanced, at its own size.
    expect(played.time).toBeGreaterThan(0.3);
    expect(played).toMatchObject({ width: 1280, height: 720 });

    const sessionId = await page.evaluate(() => sessionStorage.getItem('launchmate.analyticsSession'));
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => queryD1<{ name: string; path: string }>(`SELECT name, path FROM analytics_events WHERE session_id = ${sqlText(sessionId!)}`), {
        timeout: 20_000,
      })
      .toEqual([{ name: 'play-demo', path: '/demo' }]);
    expect(events).toHaveLength(1);
    await screenshot(page, 'demo');
    expectNoProblems(page);
  });

  test('/terms has 16 sections and /privacy 11, each listed in its contents, with the spec’s facts', async () => {
    const page = await newPage('desktop');
    const facts: Record<string, (string | RegExp)[]> = {
      '/terms': [
        'Last updated March 29, 2025',
        'registered in Romania',
        '20% commission',
        'first year',
        '30 days',
        'paid ads for our brand keywords',
        '14 days',
        'most recent payment only',
        '5-10 business days',
        '30 days’ notice',
        'hosted in the European Union',
        'outside the European Union',
      ],
      '/privacy': [
        'Last updated March 29, 2025',
        'registered in Romania',
        'hosted in the European Union',
        'may take place outside the European Union',
        '30 days',
      ],
    };
    for (const [path, sections, heading] of [
      ['/terms', 16, 'Terms of Service'],
      ['/privacy', 11, 'Privacy Policy'],
    ] as const) {
      await page.goto(path);
      await expectHeading(page, heading);
      const titles = await page.locator('article section > h2').allTextContents();
      expect(titles).toHaveLength(sections);
      titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. \\S`)));
      const contents = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
      expect(await contents.count()).toBe(sections);
      const text = (await page.locator('article').textContent()) ?? '';
      for (const fact of facts[path]!) expect(text, `${path}: ${fact}`).toMatch(fact);
      // Every section has prose, not a placeholder.
      for (const section of await page.locator('article section').all()) {
        expect(((await section.textContent()) ?? '').length).toBeGreaterThan(150);
      }
      // A contents link jumps to its section.
      const last = contents.nth(sections - 1);
      const target = (await last.getAttribute('href'))!;
      await last.click();
      await page.waitForURL(url(`${path}${target.slice(target.indexOf('#'))}`));
      await expect
        .poll(() => page.locator(target.slice(target.indexOf('#'))).evaluate((element) => Math.round(element.getBoundingClientRect().top)))
        .toBeLessThan(200);
      await screenshot(page, path.slice(1));
    }
    expectNoProblems(page);
  });

  test('/contributors shows an icon per link type and how to contribute; /our-story the timeline', async () => {
    const page = await newPage('desktop');
    await page.goto('/contributors');
    await expectHeading(page, 'Contributors');
    const links = page.locator('.contributors__link');
    const types = new Set(await links.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-link-type'))));
    expect(types).toEqual(new Set(['twitter', 'linkedin', 'github', 'website']));
    for (const [type, label] of [
      ['twitter', 'Twitter'],
      ['linkedin', 'LinkedIn'],
      ['github', 'GitHub'],
      ['website', 'Website'],
    ]) {
      const link = page.locator(`.contributors__link[data-link-type="${type}"]`).first();
      expect(await link.textContent()).toContain(`on ${label}`);
      expect(await link.locator('svg path').count()).toBeGreaterThan(0);
    }
    // Different types draw different icons.
    const icons = await Promise.all(
      ['twitter', 'linkedin', 'github', 'website'].map((type) => page.locator(`.contributors__link[data-link-type="${type}"] svg`).first().innerHTML()),
    );
    expect(new Set(icons).size).toBe(4);
    expect(await page.getByRole('link', { name: 'Read how to contribute' }).getAttribute('href')).toMatch(/^https:\/\//);
    await screenshot(page, 'contributors');

    await page.goto('/our-story');
    await expectHeading(page, 'Our story');
    expect(await page.locator('.timeline__item').count()).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'our-story');
    expectNoProblems(page);
  });

  test('pages open at the top when reached from the bottom of another page', async () => {
    const page = await newPage('desktop');
    const headings: Record<string, string> = Object.fromEntries(MARKETING_PAGES.map(({ path, heading }) => [path, heading]));
    const route = [
      ['/pricing', 'Terms of Service', '/terms'],
      ['/terms', 'Privacy Policy', '/privacy'],
      ['/privacy', 'Our story', '/our-story'],
      ['/our-story', 'Contributors', '/contributors'],
      ['/contributors', 'Demo', '/demo'],
      ['/demo', 'Pricing', '/pricing'],
      ['/pricing', 'Launchmate home', '/'],
    ] as const;
    for (const [from, linkName, to] of route) {
      await page.goto(from);
      await expectHeading(page, headings[from]!);
      // The router's own navigation is what is tested: the click waits for the app to hold the page.
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await page.evaluate(() => window.scrollY), from).toBeGreaterThan(200);
      await page.getByRole('contentinfo').getByRole('link', { name: linkName, exact: true }).click();
      await page.waitForURL(url(to));
      await expectHeading(page, headings[to]!);
      // The router scrolls once the new page has rendered: give it a moment, not more.
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2_000 }).toBe(0);
    }
    expectNoProblems(page);
  });
});

describe('at phone width', () => {
  const cta = (page: Page) => page.locator('main .call-to-action').getByRole('link');
  const proButton = (page: Page) => page.locator('[data-plan="pro"]').getByRole('link', { name: /Get Pro/ });
  const contents = (page: Page) => page.getByRole('navigation', { name: 'Contents' });
  const SCREENS: { path: string; heading: string; name: string; actions: (page: Page) => Locator[] }[] = [
    {
      path: '/',
      heading: HOME_HEADING,
      name: 'landing-full',
      actions: (page) => [
        messageBox(page),
        page.getByRole('switch', { name: 'Privacy mode' }),
        page.getByRole('button', { name: 'Brainstorm ideas' }),
        sendButton(page),
        page.getByRole('link', { name: 'Start with 2 free phases' }).first(),
        page.getByRole('link', { name: 'View demo', exact: true }),
        page.getByTestId('showcase').getByRole('listitem').first(),
        page.getByRole('button', { name: 'Pause testimonials' }),
        cta(page),
      ],
    },
    { path: '/demo', heading: 'See Launchmate in action', name: 'demo', actions: (page) => [page.locator('video'), proButton(page), cta(page)] },
    {
      path: '/pricing',
      heading: 'Simple, honest pricing',
      name: 'pricing',
      actions: (page) => [page.locator('[data-plan="free"]').getByRole('link'), proButton(page), page.getByText('Can I get a refund?'), cta(page)],
    },
    { path: '/our-story', heading: 'Our story', name: 'our-story', actions: (page) => [page.locator('.timeline__item').first(), cta(page)] },
    {
      path: '/contributors',
      heading: 'Contributors',
      name: 'contributors',
      actions: (page) => [page.locator('.contributors__card').first(), page.getByRole('link', { name: 'Read how to contribute' })],
    },
    { path: '/terms', heading: 'Terms of Service', name: 'terms', actions: (page) => [contents(page), contents(page).getByRole('link').first()] },
    { path: '/privacy', heading: 'Privacy Policy', name: 'privacy', actions: (page) => [contents(page), contents(page).getByRole('link').first()] },
  ];

  test.each(SCREENS)('$path fits the screen, with its heading and main actions on it', async ({ path, heading, name, actions }) => {
    const page = await newPage('phone');
    await page.goto(path);
    await expectPhoneLayout(page, name, heading, actions(page));
    expectNoProblems(page);
  });

  test('the join dialog fits the screen', async () => {
    const page = await openHome('phone');
    await messageBox(page).fill('A budgeting app for freelancers');
    await sendButton(page).click();
    const dialog = joinDialog(page);
    await expectPhoneLayout(
      page,
      'landing-join-dialog',
      dialog.getByRole('heading', { name: 'Join and start building' }),
      [dialog.getByRole('link', { name: 'Sign up', exact: true }), dialog.getByRole('link', { name: 'Sign in', exact: true })],
      { fullPage: false },
    );
    expectNoProblems(page);
  });
});

describe('keyboard use of the landing page (desktop)', () => {
  test('Tab reaches the box, the toggle and the buttons; the dialog traps focus and gives it back', async () => {
    const page = await openHome('desktop');
    const box = messageBox(page);
    // Tab from the top of the page until the message box has focus.
    for (let i = 0; i < 15 && !(await box.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('A CRM for photographers');

    await page.keyboard.press('Tab');
    const toggle = page.getByRole('switch', { name: 'Privacy mode' });
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await sendButton(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    const dialog = joinDialog(page);
    await dialog.waitFor({ state: 'visible' });
    expect(await focusIsInside(page, 'dialog[open]')).toBe(true);
    // Focus cycles through the dialog's controls and never reaches the page behind it.
    const visited = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(page, 'dialog[open]'), `after ${i + 1} Tab presses`).toBe(true);
      visited.add(await page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute('aria-label') || ''));
    }
    expect(visited).toEqual(new Set(['Close', 'Sign up', 'Sign in']));
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsInside(page, 'dialog[open]')).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await sendButton(page).evaluate((element) => element === document.activeElement)).toBe(true);

    // Enter in the box opens it again; Escape gives focus back to the box.
    await box.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    expectNoProblems(page);
  });
});

describe('accessibility scan (axe-core)', () => {
  interface AxeViolation {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: string[] }[];
  }

  async function seriousViolations(page: Page): Promise<{ id: string; impact: string | null; help: string; targets: string[] }[]> {
    await page.addScriptTag({ path: AXE_PATH });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target.join(' ')) }));
  }

  describe('at desktop width', () => {
    test.each(MARKETING_PAGES)('$path has no serious or critical violation', async ({ path, heading }) => {
      const page = await newPage('desktop', { bypassCSP: true });
      await page.goto(path);
      await expectHeading(page, heading);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the join dialog has no serious or critical violation', async () => {
      const page = await newPage('desktop', { bypassCSP: true });
      await page.goto('/');
      await messageBox(page).fill('An idea');
      await sendButton(page).click();
      await joinDialog(page).waitFor({ state: 'visible' });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  test("at phone width, the landing page with the phone's top bar, its menu closed and open, has no serious or critical violation", async () => {
    const page = await newPage('phone', { bypassCSP: true });
    await page.goto('/');
    await expectHeading(page, HOME_HEADING);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('header.topbar').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.locator('header.topbar').getByRole('link', { name: 'Our story', exact: true }).waitFor({ state: 'visible' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the scan does find a serious violation when one is there', async () => {
    const page = await newPage('desktop', { bypassCSP: true });
    await page.goto('/pricing');
    await expectHeading(page, 'Simple, honest pricing');
    // Hydration would take the injected button out again: inject it into the live page.
    await waitForHydration(page);
    // A button with no name, as a regression would add it.
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.className = 'button';
      document.querySelector('main')!.appendChild(button);
    });
    expect((await seriousViolations(page)).map((violation) => violation.id)).toContain('button-name');
  });
});
