// The workspace's share of streaming latency: from the moment a fake model sends the first token
// of an answer to the moment Chromium is about to paint it, at the member who sent the message
// and at every other member watching the same project (VIEWERS pages in all, default 10).
//
// The fake model here is a few lines of SSE that stamp the send time of the first token
// (performance.timeOrigin + performance.now(), the same wall clock the pages use); each page
// stamps the first frame after a MutationObserver saw that token in the answer.
//   node bench/workspace-paint.mjs [--no-build] [--runs N] [--viewers N]
import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { chromium } from 'playwright-core';
import { buildProduct, recordFigures, root } from './support.mjs';
import { startWorker } from './worker.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const RUNS = argument('--runs', 5);
const VIEWERS = argument('--viewers', 10);
const FIRST_TOKEN = 'Firsttoken';
const now = () => performance.timeOrigin + performance.now();

buildProduct();

// The model: a role chunk, a pause (so the first token is not mixed up with connection set-up),
// the first token stamped as it is written, then the rest at 50 tokens a second.
const firstTokenSentAt = [];
const model = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const chunk = (delta, finish = null) =>
      `data: ${JSON.stringify({ id: 'bench', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    response.write(chunk({ role: 'assistant', content: '' }));
    const rest = [' of', ' the', ' answer', ' and', ' then', ' some', ' more', '.'];
    setTimeout(() => {
      firstTokenSentAt.push(now());
      response.write(chunk({ content: FIRST_TOKEN }));
      const timer = setInterval(() => {
        const next = rest.shift();
        if (next) return void response.write(chunk({ content: next }));
        clearInterval(timer);
        response.write(chunk({}, 'stop'));
        response.end('data: [DONE]\n\n');
      }, 20);
    }, 300);
  });
});
await new Promise((done) => model.listen(0, '127.0.0.1', done));

const worker = await startWorker({
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: `http://127.0.0.1:${model.address().port}`,
  COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: '100000',
  COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY: '100000',
  FREE_TOOLS_GLOBAL_PER_DAY: '100000',
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

/** The newest e-mail link to `path` in the local D1 outbox. */
function outboxLink(email, path) {
  const dir = join(root, 'bench/.tmp/state/v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  const database = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    const rows = database.prepare('SELECT text FROM outbox WHERE "to" = ? ORDER BY id DESC').all(email);
    for (const { text } of rows) {
      const link = text.match(new RegExp(`${worker.origin}${path}[^\\s"'<>]*`))?.[0];
      if (link) return link;
    }
    return null;
  } finally {
    database.close();
  }
}

/** A verified, signed-in account in a browser context of its own. */
async function signedInContext(prefix) {
  const context = await browser.newContext({ baseURL: worker.origin, viewport: { width: 1280, height: 800 } });
  // When the first token's frame reaches the page, so the report can split the delay between the
  // way there (model, Worker, object, socket) and the page itself (decoding, React, paint).
  await context.addInitScript((token) => {
    const NativeSocket = window.WebSocket;
    window.WebSocket = class extends NativeSocket {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (event) => {
          // The streamed chunk itself (transcript frames also carry the token of earlier answers).
          if (window.__arrived !== null || typeof event.data !== 'string' || !event.data.includes('cf_agent_use_chat_response')) return;
          if (event.data.includes(token)) window.__arrived = performance.timeOrigin + performance.now();
        });
      }
    };
    window.__arrived = null;
  }, FIRST_TOKEN);
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

try {
  const owner = await signedInContext('owner');
  const created = await owner.context.request.post('/api/project', { data: { name: 'Paint bench' }, headers: { Origin: worker.origin } });
  const projectId = (await created.json()).project.id;
  const viewers = [owner.page];
  for (let i = 1; i < VIEWERS; i++) {
    const member = await signedInContext(`viewer${i}`);
    const invitation = await owner.context.request.post(`/api/project/${projectId}/invitations`, {
      data: { email: member.email },
      headers: { Origin: worker.origin },
    });
    const token = new URL((await invitation.json()).link).pathname.split('/').at(-1);
    await member.context.request.post(`/api/project/invitations/${token}/accept`, { headers: { Origin: worker.origin } });
    viewers.push(member.page);
  }
  for (const page of viewers) {
    await page.goto(`/app/projects/${projectId}`);
    await page.getByRole('form', { name: 'Send a message' }).waitFor();
    await page.locator('.workspace__connection').waitFor({ state: 'detached' });
  }

  const sender = [];
  const others = [];
  const inPage = [];
  for (let run = 0; run < RUNS; run++) {
    const answersBefore = await owner.page.locator('.message--cofounder').count();
    await Promise.all(
      viewers.map((page) =>
        page.evaluate(
          ({ token, before }) => {
            window.__arrived = null;
            window.__paint = new Promise((done) => {
              const observer = new MutationObserver(() => {
                const answer = document.querySelectorAll('.message--cofounder')[before];
                if (!answer?.textContent?.includes(token)) return;
                observer.disconnect();
                requestAnimationFrame(() => done(performance.timeOrigin + performance.now()));
              });
              observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            });
          },
          { token: FIRST_TOKEN, before: answersBefore },
        ),
      ),
    );
    const sent = firstTokenSentAt.length;
    await owner.page.getByRole('textbox', { name: 'Message to your co-founder' }).fill(`Bench message ${run}`);
    await owner.page.getByRole('textbox', { name: 'Message to your co-founder' }).press('Enter');
    const painted = await Promise.all(viewers.map((page) => page.evaluate(() => window.__paint)));
    const arrived = await Promise.all(viewers.map((page) => page.evaluate(() => window.__arrived)));
    const at = firstTokenSentAt[sent];
    inPage.push(...painted.map((time, index) => time - arrived[index]));
    sender.push(painted[0] - at);
    others.push(...painted.slice(1).map((time) => time - at));
    // The answer ends before the next run starts.
    await owner.page.locator('.message--cofounder').nth(answersBefore).and(owner.page.locator(':not([aria-busy])')).waitFor();
  }

  console.log(`Workspace paint, ${RUNS} answers, ${VIEWERS} members watching (fake model's first token sent -> painted):`);
  console.log(`  the sender:            median ${ms(percentile(sender, 50))}, max ${ms(Math.max(...sender))}`);
  if (others.length)
    console.log(
      `  the other ${VIEWERS - 1} members:   median ${ms(percentile(others, 50))}, p95 ${ms(percentile(others, 95))}, max ${ms(Math.max(...others))}`,
    );
  console.log(`  of which in the page (frame received -> painted), every member: median ${ms(percentile(inPage, 50))}, p95 ${ms(percentile(inPage, 95))}`);
  recordFigures('workspace-paint', [
    { figure: 'first token to paint, sender (median)', value: percentile(sender, 50), unit: 'ms' },
    ...(others.length ? [{ figure: 'first token to paint, other members (p95)', value: percentile(others, 95), unit: 'ms' }] : []),
  ]);
} finally {
  await browser.close();
  worker.stop();
  model.close();
}
