// Phase 6's build plan view with 200 tasks (8 milestones, dependencies, owners, statuses, the
// timeline) in Chromium at a desktop's width (1280 px: the chart, in the memory column) and a
// phone's (390 px: the list, in the memory sheet), against a bare baseline in the same page and
// run: the same 200 tasks as a plain list. Each figure is the time from the render call to the
// frame painted after it (React's render and commit, style, layout and paint), median of RUNS
// mounts; and the time to show one task's status moved by another member (a new plan from the
// shared state, every object new, as the socket brings it).
//
// The page is built here with Vite from the app's own component and style sheets (base, the
// workspace's, the phases' and the phase's own), as the product's build compiles them.
//   node bench/plan-render.mjs [--runs N]
import react from '@vitejs/plugin-react';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { recordFigures, root } from './support.mjs';

const argument = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const RUNS = argument('--runs', 25);
const TASKS = 200;

const dir = join(root, 'bench/.tmp/plan-render');
const app = (path) => JSON.stringify(join(root, 'app', path));

/** The bench page: the plan view or the baseline list, mounted afresh on each call, timed to the next painted frame. */
function writePage() {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><meta charset="utf-8"><body><div id="root"></div><script type="module" src="/main.jsx"></script>',
  );
  writeFileSync(
    join(dir, 'main.jsx'),
    `import ${app('styles/base.css')};
import ${app('pages/app/workspace/Workspace.css')};
import ${app('pages/app/workspace/phases/phases.css')};
import ${app('pages/app/workspace/phases/build-plan/build-plan.css')};
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BuildPlanView } from ${app('pages/app/workspace/phases/build-plan/BuildPlanView.tsx')};

const MEMBERS = [{ userId: 'u1', name: 'Ada Lovelace' }, { userId: 'u2', name: 'Grace Hopper' }, { userId: 'u3', name: 'Linus Torvalds' }];
const STATUSES = ['done', 'doing', 'todo', 'todo'];
const WORDS = ['Set up', 'Design', 'Build', 'Test', 'Write', 'Review', 'Ship', 'Measure'];
const THINGS = ['the sign-up form', 'the waiting list', 'text reminders', 'the clinic dashboard', 'calendar sync', 'the onboarding emails', 'billing', 'the admin view'];

/** ${TASKS} tasks over 8 milestones in 26 weeks, each waiting on one or two earlier tasks. */
function makePlan() {
  const milestones = Array.from({ length: 8 }, (_, index) => ({ id: 'm' + (index + 1), title: 'Milestone ' + (index + 1) + ': ' + THINGS[index], week: 3 * (index + 1) }));
  const tasks = Array.from({ length: ${TASKS} }, (_, index) => ({
    id: 't' + index,
    title: WORDS[index % 8] + ' ' + THINGS[(index * 3) % 8] + ' (part ' + (index + 1) + ')',
    estimateDays: 0.5 + (index % 6) * 0.5,
    dependsOn: index === 0 ? [] : index % 5 === 0 ? ['t' + (index - 1), 't' + Math.floor(index / 2)] : ['t' + (index - 1)].filter(() => index % 3 !== 0),
    owner: index % 4 === 3 ? null : MEMBERS[index % 3],
    milestone: 'm' + (1 + Math.floor((index * 8) / ${TASKS})),
    status: STATUSES[Math.floor((index * 4) / ${TASKS})],
  }));
  return {
    weeks: 26,
    tractionGoal: 'First 10 clinics booking through it',
    milestones,
    tasks,
    techChoices: [{ choice: 'Cloudflare Workers', reason: 'One deploy for the app and the API.', risk: 'CPU limits on long jobs.' }],
  };
}

const PLAN = makePlan();
const entryOf = (plan, version) => ({ id: 'plan1', kind: 'build_plan', title: 'Clinic MVP', plan, version, author: { kind: 'cofounder' }, updatedAt: 0 });
const onAction = async () => null;

/** The memory panel's place in the workspace: a column of 320 px on a desktop, the whole screen as a sheet on a phone. */
function Frame({ children }) {
  return (
    <div className="workspace">
      <div className="workspace__columns">
        <div />
        <div />
        <aside className="workspace__panel workspace__panel--right workspace__panel--open">
          <ul className="memory-panel__list">
            <li className="memory-entry memory-entry--idea">
              <div className="memory-entry__view">{children}</div>
            </li>
          </ul>
        </aside>
      </div>
    </div>
  );
}

/** The baseline: the same tasks as a plain list, nothing else. */
function Baseline({ plan }) {
  return (
    <ul>
      {plan.tasks.map((task) => (
        <li key={task.id}>
          {task.title} ({task.status})
        </li>
      ))}
    </ul>
  );
}

let current = null;
const painted = (started) => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0)));

window.__mount = (kind) => {
  current?.unmount();
  const host = document.getElementById('root');
  host.replaceChildren();
  current = createRoot(host);
  const started = performance.now();
  flushSync(() => current.render(<Frame>{kind === 'plan' ? <BuildPlanView entry={entryOf(PLAN, 1)} onAction={onAction} /> : <Baseline plan={PLAN} />}</Frame>));
  return painted(started);
};

/** Another member moved one task: a new plan from the shared state, every object new. */
let version = 1;
window.__statusMoved = () => {
  version += 1;
  const plan = structuredClone(PLAN);
  const task = plan.tasks[version % plan.tasks.length];
  task.status = task.status === 'done' ? 'todo' : 'done';
  const started = performance.now();
  flushSync(() => current.render(<Frame><BuildPlanView entry={entryOf(plan, version)} onAction={onAction} /></Frame>));
  return painted(started);
};

window.__shown = () => ({
  chart: document.querySelectorAll('svg[role="img"] rect').length,
  list: document.querySelectorAll('.build-plan__timeline-list li li').length,
  statuses: document.querySelectorAll('select').length,
});
`,
  );
}

writePage();
await build({
  root: dir,
  configFile: false,
  logLevel: 'silent',
  mode: 'production',
  plugins: [react()],
  build: { outDir: join(dir, 'dist'), emptyOutDir: true },
});

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((request, response) => {
  const path = request.url === '/' ? '/index.html' : request.url.split('?')[0];
  try {
    const body = readFileSync(join(dir, 'dist', path));
    response.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;

try {
  const results = {};
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(origin);
    await page.waitForFunction(() => typeof window.__mount === 'function');
    // Warm-up: the code compiled and the style sheets parsed before anything is timed.
    for (let run = 0; run < 3; run++) {
      await page.evaluate(() => window.__mount('baseline'));
      await page.evaluate(() => window.__mount('plan'));
      await page.evaluate(() => window.__statusMoved());
    }
    const shown = await page.evaluate(() => window.__shown());
    const baseline = [];
    const plan = [];
    const moved = [];
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await page.evaluate(() => window.__mount('baseline')));
      plan.push(await page.evaluate(() => window.__mount('plan')));
      moved.push(await page.evaluate(() => window.__statusMoved()));
    }
    results[width] = { baseline: median(baseline), plan: median(plan), moved: median(moved), shown };
    await context.close();
  }

  console.log(`The build plan view with ${TASKS} tasks, from the render call to the next painted frame (median of ${RUNS} mounts):`);
  for (const [width, label] of [
    [1280, 'desktop, 1280 px (the chart)'],
    [390, 'phone, 390 px (the list)'],
  ]) {
    const { baseline, plan, moved, shown } = results[width];
    console.log(`  ${label}:`);
    const row = (text, value, after = '') => console.log(`    ${text.padEnd(44)}${ms(value).padStart(9)}${after}`);
    row(`plain list of the ${TASKS} tasks (baseline)`, baseline);
    row('the plan view', plan, `   ratio ${(plan / baseline).toFixed(2)}`);
    row('one status moved by another member', moved);
    console.log(`    on screen: ${shown.statuses} status controls, ${shown.chart} bars in the chart, ${shown.list} tasks in the timeline list`);
  }
  recordFigures('plan-render', [
    { figure: `${TASKS}-task plan, desktop (median)`, value: results[1280].plan, unit: 'ms' },
    { figure: `${TASKS}-task plain list, desktop (baseline)`, value: results[1280].baseline, unit: 'ms' },
    { figure: `${TASKS}-task plan, phone (median)`, value: results[390].plan, unit: 'ms' },
    { figure: `${TASKS}-task plain list, phone (baseline)`, value: results[390].baseline, unit: 'ms' },
    { figure: 'one status moved, desktop (median)', value: results[1280].moved, unit: 'ms' },
  ]);
} finally {
  await browser.close();
  server.close();
}
