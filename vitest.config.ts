import { readdirSync, readFileSync } from 'node:fs';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pdfkitInWorkers } from './scripts/pdfkit-in-workers.ts';
import { routeModuleNames } from './scripts/route-module-names.ts';
import { BrowserFilesFirst } from './tests/sequencer.ts';

/**
 * The export's API tests, which write PDFs, run as a project of their own. Once a file has made
 * the Worker load the PDF writer, the snapshot of transformed modules that Vitest sends each new
 * test runner includes pdfkit and fontkit and exceeds workerd's 1 MiB WebSocket message, which
 * ends that runner. Apart, the other files' module graph never holds the PDF writer.
 */
const EXPORT_FILES = ['tests/api/export*.test.ts'];

/**
 * Component tests share one jsdom per worker (`isolate: false`): creating it for each file cost
 * more than the tests themselves. A file that replaces a module (`vi.mock`) runs isolated, since a
 * replaced module would otherwise stay replaced for the files after it; so does a file that checks
 * where focus goes, which an earlier file's pending frames and focus could otherwise move.
 */
const APP_FILES = readdirSync('tests/app')
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => `tests/app/${name}`);
const APP_FILES_ISOLATED = APP_FILES.filter((file) => /vi\.mock\(|activeElement|toHaveFocus/.test(readFileSync(file, 'utf8')));

export default defineConfig(async () => {
  const migrations = await readD1Migrations('migrations');
  /** The Worker inside workerd, with real D1 and KV and every migration applied. */
  const workerdProject = (test: {
    name: string;
    include: string[];
    exclude?: string[];
    isolate?: boolean;
    maxWorkers?: number;
    sequence?: { groupOrder: number };
  }) => ({
    plugins: [
      // As in the Worker's build: rendered pages name their route modules (decision 0034).
      routeModuleNames(),
      // As in the Worker's build: pdfkit loads without import.meta.url.
      pdfkitInWorkers(),
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // wrangler.toml's [vars] are production's; tests run as a local instance would.
            ENVIRONMENT: 'test',
            APP_URL: 'http://localhost:8787',
            // Fakes of outside services (tests/fakes), started by tests/api/global-setup.ts.
            FAKE_GOOGLE_URL: inject('fakeGoogleUrl'),
            // Short, so the test of a stalled Google waits a second, not ten (tests/api/google.test.ts).
            GOOGLE_TIMEOUT_MS: '1000',
            FAKE_RESEND_URL: inject('fakeResendUrl'),
            FAKE_OPENAI_URL: inject('fakeOpenAiUrl'),
            FAKE_COFOUNDER_MODEL_URL: inject('fakeCofounderModelUrl'),
            // The co-founder's object reads its own env, not a test's per-request env: its
            // model and limits are set here (tests/api/workspace-*.test.ts rely on them).
            OPENAI_API_KEY: 'sk-test',
            OPENAI_BASE_URL: inject('fakeCofounderModelUrl'),
            OPENAI_MODEL: 'fake-cofounder',
            COFOUNDER_MESSAGES_PER_MEMBER_PER_DAY: '6',
            COFOUNDER_MESSAGES_PER_PROJECT_PER_DAY: '10',
            COFOUNDER_STEP_TIMEOUT_MS: '15000',
            COFOUNDER_STALL_TIMEOUT_MS: '700',
            // The discussion sources the co-founder searches, with Reddit's credentials so
            // that it is offered, and limits high enough for every test file's searches
            // (tests/api/discussion-search.test.ts sets its own where it tests them).
            HACKER_NEWS_API_URL: `${inject('fakeHackerNewsUrl')}/api/v1`,
            STACK_EXCHANGE_API_URL: `${inject('fakeStackExchangeUrl')}/2.3`,
            REDDIT_AUTH_URL: `${inject('fakeRedditUrl')}/api/v1/access_token`,
            REDDIT_API_URL: inject('fakeRedditUrl'),
            REDDIT_CLIENT_ID: 'fake-reddit-client',
            REDDIT_CLIENT_SECRET: 'fake-reddit-secret',
            HACKER_NEWS_SEARCHES_PER_MINUTE: '100000',
            STACK_EXCHANGE_SEARCHES_PER_DAY: '100000',
            REDDIT_SEARCHES_PER_MINUTE: '100000',
            FAKE_HACKER_NEWS_URL: inject('fakeHackerNewsUrl'),
            FAKE_STACK_EXCHANGE_URL: inject('fakeStackExchangeUrl'),
            FAKE_REDDIT_URL: inject('fakeRedditUrl'),
            // Phase 3's competitor sources, the fake sites they link to (on 127.0.0.1, which
            // the page reader reads only because of PAGE_READER_ALLOW_LOOPBACK in a test
            // environment), and a web search key so that web search is connected.
            GITHUB_API_URL: inject('fakeGitHubUrl'),
            ITUNES_API_URL: inject('fakeAppStoreUrl'),
            BRAVE_SEARCH_API_URL: inject('fakeBraveSearchUrl'),
            BRAVE_SEARCH_API_KEY: 'fake-brave-key',
            GITHUB_SEARCHES_PER_MINUTE: '100000',
            APP_STORE_SEARCHES_PER_MINUTE: '100000',
            WEB_SEARCHES_PER_DAY: '100000',
            PAGE_READ_TIMEOUT_MS: '1500',
            PAGE_READER_ALLOW_LOOPBACK: 'true',
            FAKE_GITHUB_URL: inject('fakeGitHubUrl'),
            FAKE_APP_STORE_URL: inject('fakeAppStoreUrl'),
            FAKE_BRAVE_SEARCH_URL: inject('fakeBraveSearchUrl'),
            FAKE_SITES_URL: inject('fakeSitesUrl'),
            // Payments go to the fake Stripe; webhooks are signed with this secret.
            STRIPE_API_URL: inject('fakeStripeUrl'),
            STRIPE_SECRET_KEY: 'sk_test_launchmate_fake',
            STRIPE_WEBHOOK_SECRET: 'whsec_test_launchmate_fake',
            FAKE_STRIPE_URL: inject('fakeStripeUrl'),
          },
        },
      })),
    ],
    test: {
      ...test,
      setupFiles: ['tests/api/setup.ts'],
      globalSetup: ['tests/api/global-setup.ts'],
      // Password tests run many deliberate 250 ms scrypt hashes on two cores.
      testTimeout: 30_000,
    },
  });

  return {
    test: {
      // Two files at a time on the 2 cores the suite is sized for: a browser file waits on
      // Chromium and the Worker while an API file runs in workerd (docs/testing.md).
      maxWorkers: 2,
      sequence: { sequencer: BrowserFilesFirst },
      projects: [
        workerdProject({ name: 'api', include: ['tests/api/**/*.test.ts'], exclude: EXPORT_FILES, isolate: false }),
        // One runner for the export's files, so the snapshot is sent once, before any PDF is made.
        // A group of its own (one worker), after the other projects have run two files at a time.
        workerdProject({ name: 'api-export', include: EXPORT_FILES, isolate: false, maxWorkers: 1, sequence: { groupOrder: 1 } }),
        {
          // Components and client modules in a DOM, one jsdom per worker.
          plugins: [react()],
          test: {
            name: 'app',
            environment: 'jsdom',
            include: ['tests/app/**/*.test.{ts,tsx}'],
            exclude: APP_FILES_ISOLATED,
            setupFiles: ['tests/app/setup.ts'],
            isolate: false,
          },
        },
        {
          // The component tests that replace modules or follow focus, each in a jsdom of its own.
          plugins: [react()],
          test: {
            name: 'app-isolated',
            environment: 'jsdom',
            include: APP_FILES_ISOLATED,
            setupFiles: ['tests/app/setup.ts'],
          },
        },
        {
          // Node-only build scripts, such as the blog's Markdown conversion.
          test: {
            name: 'scripts',
            environment: 'node',
            include: ['tests/scripts/**/*.test.ts'],
          },
        },
        {
          // The built product served by wrangler, driven by Debian's Chromium.
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
