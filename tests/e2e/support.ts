/**
 * Shared helpers of the e2e tests: Debian's Chromium driven by playwright-core, one browser per
 * test file and a fresh browser context per page; problem recording (console errors, uncaught
 * page errors, Content-Security-Policy violations); screenshots; and SQL against the local D1
 * database the server of global-setup.ts uses.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response as DocumentResponse } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest';
import { E2E_STATE_DIR, ROOT, wranglerEnv } from './global-setup';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Origin of the server under test, without a trailing slash. */
export const baseUrl: string = inject('baseUrl');
export const url = (path: string) => new URL(path, baseUrl).href;

export const SCREENSHOT_DIR = join(ROOT, 'tests', 'e2e', 'screenshots');

export type Viewport = 'desktop' | 'phone';
export const VIEWPORTS: Viewport[] = ['desktop', 'phone'];

let browser: Browser | undefined;

/** Call once at the top of a test file: launches Chromium before its tests, closes it after. */
export function withBrowser(): void {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
}

/** Cookies and local storage of a browser context, to start another one in the same state. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Problems {
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: string[];
}

interface PageRecord {
  viewport: Viewport;
  problems: Problems;
  network: NetworkWatch;
}

/**
 * The page's requests in flight, for waitForHydration: Playwright's 'networkidle' waits for 500 ms
 * without a request, at every call; the app's settling needs far less (its effects' requests
 * start as soon as it has rendered, and each chained one starts as the one before ends).
 */
class NetworkWatch {
  #inFlight = 0;
  #listeners = new Set<() => void>();

  constructor(page: Page) {
    page.on('request', () => this.#change(1));
    page.on('requestfinished', () => this.#change(-1));
    page.on('requestfailed', () => this.#change(-1));
  }

  #change(by: number) {
    this.#inFlight += by;
    for (const listener of this.#listeners) listener();
  }

  /** Resolves once no request has been in flight for `quietMs`. */
  quiet(quietMs: number, timeoutMs = 15_000): Promise<void> {
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = (error?: Error) => {
        clearTimeout(timer);
        clearTimeout(deadline);
        this.#listeners.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        clearTimeout(timer);
        if (this.#inFlight === 0) timer = setTimeout(() => done(), quietMs);
      };
      const deadline = setTimeout(() => done(new Error(`The page still had ${this.#inFlight} request(s) in flight after ${timeoutMs} ms`)), timeoutMs);
      this.#listeners.add(check);
      check();
    });
  }
}

const records = new WeakMap<Page, PageRecord>();

function recordOf(page: Page): PageRecord {
  const record = records.get(page);
  if (!record) throw new Error('This page was not made by newPage()');
  return record;
}

export interface NewPageOptions {
  storageState?: StorageState;
  /** Let the test inject scripts (the accessibility scanner) despite the product's CSP. */
  bypassCSP?: boolean;
  /** Emulate the visitor's prefers-reduced-motion setting. */
  reducedMotion?: 'reduce' | 'no-preference';
  /** False: a visitor (or crawler) without JavaScript. */
  javaScriptEnabled?: boolean;
  /** The visitor's time zone (an IANA name); the machine's own unless given. */
  timezoneId?: string;
}

/**
 * A page in a new browser context, closed automatically when the current test ends.
 * desktop: 1280x800. phone: 390x844, touch, mobile, device scale factor 2.
 */
export async function newPage(viewport: Viewport, options: NewPageOptions = {}): Promise<Page> {
  if (!browser) throw new Error('No browser: call withBrowser() at the top of the test file');
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: options.storageState,
    bypassCSP: options.bypassCSP,
    reducedMotion: options.reducedMotion,
    javaScriptEnabled: options.javaScriptEnabled,
    timezoneId: options.timezoneId,
    ...(viewport === 'desktop'
      ? { viewport: { width: 1280, height: 800 } }
      : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
  });
  // Local pages render in well under a second: fail fast instead of after Playwright's 30 s.
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  onTestFinished(async () => {
    await context.close();
  });

  const problems: Problems = { consoleErrors: [], pageErrors: [], cspViolations: [] };
  // A page-side listener reports every CSP violation through a binding that survives navigations.
  await context.exposeBinding('__e2eReportCspViolation', (_source, text: string) => {
    problems.cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __e2eReportCspViolation?: (text: string) => void }).__e2eReportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });

  const page = await context.newPage();
  if (options.javaScriptEnabled !== false) waitForTheAppAfterNavigation(page);
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const { url: source, lineNumber } = message.location();
      problems.consoleErrors.push(`${message.text()}${source ? ` (${source}:${lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.stack ?? error.message));
  records.set(page, { viewport, problems, network: new NetworkWatch(page) });
  return page;
}

export const viewportOf = (page: Page): Viewport => recordOf(page).viewport;

/** Runs in the page: whether the app has taken over its root (React marks the element it renders into). */
export const appHasStarted = () => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'));

/**
 * Makes `page.goto` and `page.reload` return once the app has taken over the document, as a
 * person's first click would usually find it. Before that, the Worker's HTML is on screen but
 * none of its buttons work yet (docs/decisions/0034): a click there is lost, which a test would
 * read as a defect of the screen under test.
 */
function waitForTheAppAfterNavigation(page: Page) {
  const afterDocument = async (response: DocumentResponse | null) => {
    const appDocument = response?.headers()['content-type']?.startsWith('text/html') && (await page.locator('#root').count()) > 0;
    if (appDocument) await page.waitForFunction(appHasStarted);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (address, options) => afterDocument(await goto(address, options));
  page.reload = async (options) => afterDocument(await reload(options));
}

/** How long the network must stay quiet for the app's first effects to count as settled. */
const SETTLED_MS = 100;

/**
 * Waits until the app has hydrated the page the Worker rendered (docs/decisions/0034) and its
 * first effects have settled (no request in flight for SETTLED_MS), so a test acts on the live
 * page and not on its HTML alone.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(appHasStarted);
  await recordOf(page).network.quiet(SETTLED_MS);
}
export const problemsOf = (page: Page): Problems => recordOf(page).problems;

/**
 * Fails unless the page had no console error, uncaught error or CSP violation. `allow` lists
 * patterns of console errors the test provoked on purpose.
 */
export function expectNoProblems(page: Page, allow: RegExp[] = []): void {
  const { consoleErrors, pageErrors, cspViolations } = problemsOf(page);
  expect({
    consoleErrors: consoleErrors.filter((text) => !allow.some((pattern) => pattern.test(text))),
    pageErrors,
    cspViolations,
  }).toEqual({ consoleErrors: [], pageErrors: [], cspViolations: [] });
}

/**
 * Saves tests/e2e/screenshots/<name>-<viewport>.jpg and returns its path: the whole page by
 * default, or only what the viewport shows (better once scrolled: sticky bars stay in place).
 * JPEG at quality 85: text stays sharp enough to read and judge, and Chromium encodes it in about
 * half the time of a PNG (a long page at phone width, scale 2: 240 ms against 500 ms), over some
 * 300 screenshots a run.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}-${viewportOf(page)}.jpg`);
  await page.screenshot({ path, type: 'jpeg', quality: 85, fullPage: options.fullPage ?? true });
  return path;
}

/** A file-name-safe name for a path: /blog/some-article -> blog-some-article, / -> home. */
export const screenshotName = (path: string) =>
  path === '/'
    ? 'home'
    : path
        .replace(/^\/+/, '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/-+$/, '');

/**
 * Reads the local D1 database of the server under test. D1 keeps it in one SQLite file in WAL
 * mode; a read-only connection sees every committed write of the running server, in a few
 * milliseconds (`wrangler d1 execute` needs a second and a half per call). Reads only: tests
 * change state through the product, never behind its back.
 */
export function queryD1<Row = Record<string, unknown>>(sql: string): Promise<Row[]> {
  return Promise.resolve(queryD1In<Row>(E2E_STATE_DIR, sql));
}

/** queryD1 against the D1 of a server with its own state folder (relative to ROOT). */
export function queryD1In<Row = Record<string, unknown>>(stateDir: string, sql: string): Row[] {
  const dir = join(ROOT, stateDir, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`No D1 database file in ${dir}`);
  const database = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    return database.prepare(sql).all() as Row[];
  } finally {
    database.close();
  }
}

/**
 * Waits until the page shows an <h1> with exactly this text, then checks it is the only visible
 * <h1>. Loading views that come first (with other headings) are waited out.
 */
export async function expectHeading(page: Page, heading: string, timeout = 15_000): Promise<void> {
  try {
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ state: 'visible', timeout });
  } catch (error) {
    const shown = await visibleH1Texts(page).catch(() => []);
    throw new Error(`Expected the <h1> "${heading}" at ${page.url()}; visible <h1>s: ${JSON.stringify(shown)}`, { cause: error });
  }
  expect(await visibleH1Texts(page)).toEqual([heading]);
}

/** The visible text of every visible <h1> of the page. */
export async function visibleH1Texts(page: Page): Promise<string[]> {
  const texts: string[] = [];
  for (const heading of await page.locator('h1').all()) {
    if (await heading.isVisible()) texts.push(((await heading.textContent()) ?? '').trim());
  }
  return texts;
}

/** A fresh address nobody has used: e2e-<prefix>-<time>-<random>@example.com. */
export const uniqueEmail = (prefix = 'user') => `e2e-${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The password of every account made by newAccount() and signedInState(). */
export const E2E_PASSWORD = 'e2e correct horse battery';

/** An SQL string literal for queryD1 (single quotes doubled). */
export const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A row of the outbox table: every e-mail the product sends while RESEND_API_KEY is unset. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** JSON of the extra headers (List-Unsubscribe…), or null. */
  headers: string | null;
}

/** Every e-mail sent to `to`, newest first. */
export const emailsTo = (to: string) =>
  queryD1<OutboxMail>(`SELECT id, "to", subject, text, html, headers FROM outbox WHERE "to" = ${sqlText(to)} ORDER BY id DESC`);

/** The first link in `text` to the server under test whose path starts with `pathPrefix`. */
export function linkIn(text: string, pathPrefix: string): string | undefined {
  const escaped = `${baseUrl}${pathPrefix}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return text.match(new RegExp(`${escaped}[^\\s"'<>]*`))?.[0];
}

/**
 * Waits for the newest e-mail to `to` with a link to `pathPrefix` (e.g. '/verify-email/') in
 * its text part, newer than the outbox row `after` if given, and returns it with the link. Mail
 * is sent after the response (waitUntil), so it may take a moment to arrive.
 */
export async function latestEmail(
  to: string,
  pathPrefix: string,
  { after = 0, timeout = 20_000 }: { after?: number; timeout?: number } = {},
): Promise<{ mail: OutboxMail; link: string }> {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const mail of await emailsTo(to)) {
      const link = mail.id > after ? linkIn(mail.text, pathPrefix) : undefined;
      if (link) return { mail, link };
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with a link to ${pathPrefix} (after outbox row ${after}) arrived`);
    // Reading the outbox is a local SQLite read of a few milliseconds: look again soon.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The link of latestEmail(): the newest e-mail to `to` that links to `pathPrefix`. */
export const latestEmailLink = async (to: string, pathPrefix: string, options?: { after?: number; timeout?: number }) =>
  (await latestEmail(to, pathPrefix, options)).link;

/** A verified account, signed in: its address, password and cookies for newPage({ storageState }). */
export interface Account {
  email: string;
  password: string;
  storageState: StorageState;
}

/**
 * A new account, signed in: signs up through the API, takes the verification link from the
 * outbox table (the product's development mailer), and follows it in the browser, which signs
 * the user in and lands on /onboarding. Call it from a test or beforeAll, after withBrowser().
 */
export async function newAccount(prefix = 'user'): Promise<Account> {
  if (!browser) throw new Error('No browser: call withBrowser() at the top of the test file');
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const email = uniqueEmail(prefix);
    const signUp = await context.request.post('/api/auth/sign-up', {
      data: { email, password: E2E_PASSWORD },
      headers: { Origin: baseUrl },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);

    const link = await latestEmailLink(email, '/verify-email/', { timeout: 30_000 });
    expect(new URL(link).origin, 'verification links use APP_URL').toBe(baseUrl);

    const page = await context.newPage();
    await page.goto(new URL(link).pathname);
    await page.waitForURL(url('/onboarding'));
    await expectHeading(page, 'Welcome to Launchmate');
    return { email, password: E2E_PASSWORD, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** The cookies of newAccount(), for newPage({ storageState }). Call it from beforeAll. */
export async function signedInState(): Promise<StorageState> {
  return (await newAccount()).storageState;
}

/** An operator's command (`scripts/NAME.ts`, e.g. affiliate.ts), against the e2e database; resolves with its output. */
export const operator = (script: string, ...args: string[]) => operatorIn(E2E_STATE_DIR, script, ...args);

/** An operator's command against the database of a server with its own state folder (relative to ROOT). */
export function operatorIn(stateDir: string, script: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [`scripts/${script}`, ...args, '--persist-to', stateDir],
      { cwd: ROOT, env: wranglerEnv(), timeout: 60_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

/**
 * The phone layout of the screen on `page`, and its screenshot: the key heading (the page's only
 * visible <h1> when given as text) and each main action are shown and within the screen's
 * width, and nothing makes the page wider than the screen.
 */
export async function expectPhoneLayout(page: Page, name: string, heading: string | Locator, actions: Locator[], options: { fullPage?: boolean } = {}) {
  if (typeof heading === 'string') await expectHeading(page, heading);
  const key = typeof heading === 'string' ? page.getByRole('heading', { level: 1, name: heading, exact: true }) : heading;
  const width = await page.evaluate(() => window.innerWidth);
  for (const element of [key, ...actions]) {
    await element.waitFor({ state: 'visible' });
    // Shown, and done fading in (a banner does): neither it nor a parent is transparent or in a transition.
    const settled = () =>
      element.evaluate((node) => {
        for (let at: Element | null = node; at; at = at.parentElement) {
          if (getComputedStyle(at).opacity === '0') return false;
          if (at.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity)) return false;
        }
        return true;
      });
    await expect.poll(settled, { message: `${name}: ${element} is shown`, timeout: 5_000 }).toBe(true);
    const box = (await element.boundingBox())!;
    expect(Math.round(box.x), `${name}: ${element} starts on the screen`).toBeGreaterThanOrEqual(0);
    expect(Math.round(box.x + box.width), `${name}: ${element} ends on the screen`).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: the page is no wider than the screen`).toBeLessThanOrEqual(width);
  await screenshot(page, name, options);
}
