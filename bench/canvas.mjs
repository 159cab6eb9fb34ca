// The canvas (docs/decisions/0045-canvas.md): the size of its lazy chunk, and the time from one
// member moving a note (the arrow key pressed at their page) to the move being painted at a
// second member's page, both stamped on the same wall clock (performance.timeOrigin + now()).
//   node bench/canvas.mjs [--no-build] [--runs N]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildProduct, recordFigures, root } from './support.mjs';
import { startWorker } from './worker.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const RUNS = argument('--runs', 40);

buildProduct();

const assets = join(root, 'dist/client/assets');
const chunkKb = (suffix) =>
  readdirSync(assets)
    .filter((file) => file.startsWith('CanvasView-') && file.endsWith(suffix))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length / 1024, 0);
const jsKb = chunkKb('.js');
const cssKb = chunkKb('.css');
console.log(`Canvas chunk (gzip -9): ${jsKb.toFixed(1)} KB JavaScript, ${cssKb.toFixed(1)} KB CSS, loaded when the Canvas tab opens`);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

const worker = await startWorker({ COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: '100000', COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY: '100000' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });

/** The newest e-mail link to `path` in the local D1 outbox. */
function outboxLink(email, path) {
  const dir = join(root, 'bench/.tmp/state/v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  const database = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    for (const { text } of database.prepare('SELECT text FROM outbox WHERE "to" = ? ORDER BY id DESC').all(email)) {
      const link = text.match(new RegExp(`${worker.origin}${path}[^\\s"'<>]*`))?.[0];
      if (link) return link;
    }
    return null;
  } finally {
    database.close();
  }
}

async function signedInContext(prefix) {
  const context = await browser.newContext({ baseURL: worker.origin, viewport: { width: 1280, height: 800 } });
  const email = `bench-${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await context.request.post('/api/auth/sign-up', { data: { email, password: 'bench correct horse battery' }, headers: { Origin: worker.origin } });
  let link = null;
  for (let tries = 0; !link && tries < 100; tries++) {
    link = outboxLink(email, '/verify-email/');
    if (!link) await new Promise((done) => setTimeout(done, 100));
  }
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  await page.waitForURL('**/onboarding');
  return { context, page, email };
}

async function openCanvas(page, projectId) {
  await page.goto(`/app/projects/${projectId}`);
  await page.getByRole('form', { name: 'Send a message' }).waitFor();
  await page.locator('.workspace__connection').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Canvas', exact: true }).click();
  await page.getByRole('button', { name: 'Add note' }).waitFor();
}

try {
  const owner = await signedInContext('owner');
  const other = await signedInContext('other');
  const created = await owner.context.request.post('/api/project', { data: { name: 'Canvas bench' }, headers: { Origin: worker.origin } });
  const projectId = (await created.json()).project.id;
  const invitation = await owner.context.request.post(`/api/project/${projectId}/invitations`, {
    data: { email: other.email },
    headers: { Origin: worker.origin },
  });
  const token = new URL((await invitation.json()).link).pathname.split('/').at(-1);
  await other.context.request.post(`/api/project/invitations/${token}/accept`, { headers: { Origin: worker.origin } });
  await openCanvas(owner.page, projectId);
  await openCanvas(other.page, projectId);

  await owner.page.getByRole('button', { name: 'Add note' }).click();
  await owner.page.getByRole('textbox', { name: 'Note text' }).fill('Moving note');
  await owner.page.getByRole('textbox', { name: 'Note text' }).press('Enter');
  const moving = '[aria-roledescription="note"]';
  await other.page.locator(moving).waitFor();
  await owner.page.locator(moving).focus();

  const delays = [];
  for (let run = 0; run < RUNS; run++) {
    const before = await other.page.locator(moving).evaluate((element) => element.style.left);
    await other.page.evaluate((selector) => {
      const note = document.querySelector(selector);
      const start = note.style.left;
      window.__painted = new Promise((done) => {
        const observer = new MutationObserver(() => {
          if (note.style.left === start) return;
          observer.disconnect();
          requestAnimationFrame(() => done(performance.timeOrigin + performance.now()));
        });
        observer.observe(note, { attributes: true, attributeFilter: ['style'] });
      });
    }, moving);
    const pressedAt = await owner.page.evaluate(() => performance.timeOrigin + performance.now());
    await owner.page.keyboard.press('ArrowRight');
    const paintedAt = await other.page.evaluate(() => window.__painted);
    delays.push(paintedAt - pressedAt);
    // The mover's own answer has arrived before the next move (one change per note in flight).
    await owner.page.waitForFunction(([selector, left]) => document.querySelector(selector).style.left !== left, [moving, before]);
    await owner.page.waitForTimeout(20);
  }
  console.log(
    `Note moved (arrow key at one member) -> painted at a second member, ${RUNS} moves: median ${ms(percentile(delays, 50))}, p95 ${ms(percentile(delays, 95))}, max ${ms(Math.max(...delays))}`,
  );
  recordFigures('canvas', [
    { figure: 'canvas chunk, JS gzip', value: jsKb, unit: 'KB' },
    { figure: 'note move to paint at another member (median)', value: percentile(delays, 50), unit: 'ms' },
    { figure: 'note move to paint at another member (p95)', value: percentile(delays, 95), unit: 'ms' },
  ]);
} finally {
  await browser.close();
  worker.stop();
}
