import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Bindings } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      FAKE_GOOGLE_URL: string;
      FAKE_RESEND_URL: string;
      FAKE_OPENAI_URL: string;
      FAKE_COFOUNDER_MODEL_URL: string;
      FAKE_HACKER_NEWS_URL: string;
      FAKE_STACK_EXCHANGE_URL: string;
      FAKE_REDDIT_URL: string;
      FAKE_GITHUB_URL: string;
      FAKE_APP_STORE_URL: string;
      FAKE_BRAVE_SEARCH_URL: string;
      FAKE_SITES_URL: string;
      FAKE_STRIPE_URL: string;
    }
    interface GlobalProps {
      mainModule: typeof import('../../worker/ssr/entry');
    }
  }
}
