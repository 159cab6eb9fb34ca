import type { TestProject } from 'vitest/node';
import { convertArticle, type Article } from '../../scripts/load-blog';
import { startFakeAppStore, startFakeBraveSearch, startFakeGitHub } from '../fakes/competitor-sources';
import { startFakeExportFonts } from '../fakes/export-fonts';
import { startFakeGoogle } from '../fakes/google';
import { startFakeHackerNews } from '../fakes/hacker-news';
import { startFakeOpenAi } from '../fakes/openai';
import { startFakeReddit } from '../fakes/reddit';
import { startFakeResend } from '../fakes/resend';
import { startFakeSites } from '../fakes/sites';
import { startFakeStackExchange } from '../fakes/stack-exchange';
import { startFakeStripe } from '../fakes/stripe';
import { hashPassword } from '../../worker/services/passwords';
import { FIXTURE_PASSWORD } from '../fixture-password';

declare module 'vitest' {
  export interface ProvidedContext {
    fakeGoogleUrl: string;
    fakeResendUrl: string;
    fakeOpenAiUrl: string;
    /** The co-founder's model: a fake of its own, scripted per test through lanes. */
    fakeCofounderModelUrl: string;
    /** The searched discussion sources (tests/fakes/hacker-news.ts, stack-exchange.ts, reddit.ts). */
    fakeHackerNewsUrl: string;
    fakeStackExchangeUrl: string;
    fakeRedditUrl: string;
    /** Phase 3's competitor sources and the competitors' own sites (tests/fakes/competitor-sources.ts, sites.ts). */
    fakeGitHubUrl: string;
    fakeAppStoreUrl: string;
    fakeBraveSearchUrl: string;
    fakeSitesUrl: string;
    /** Stripe's API (tests/fakes/stripe.ts): Checkout sessions, their receipts and invoices, refunds. */
    fakeStripeUrl: string;
    /** The PDF export's fonts as the static assets serve them (tests/fakes/export-fonts.ts). */
    fakeExportFontsUrl: string;
    /** An article with hostile raw HTML, converted by the real loader (Node only). */
    hostileArticle: Article;
    /** FIXTURE_PASSWORD's stored hash, made once per run with the production parameters (tests/utils.ts signedInUser). */
    fixturePasswordHash: string;
  }
}

/** Starts the fakes of outside services in Node; the Worker in workerd reaches them over HTTP. */
export default async function setup(project: TestProject) {
  project.provide('fixturePasswordHash', await hashPassword(FIXTURE_PASSWORD));
  const google = await startFakeGoogle();
  const resend = await startFakeResend();
  const openai = await startFakeOpenAi();
  const cofounderModel = await startFakeOpenAi();
  const hackerNews = await startFakeHackerNews();
  const stackExchange = await startFakeStackExchange();
  const reddit = await startFakeReddit();
  const stripe = await startFakeStripe();
  const exportFonts = await startFakeExportFonts();
  project.provide('fakeExportFontsUrl', exportFonts.url);
  project.provide('fakeStripeUrl', stripe.url);
  project.provide('fakeGoogleUrl', google.url);
  project.provide('fakeResendUrl', resend.url);
  project.provide('fakeOpenAiUrl', openai.url);
  project.provide('fakeCofounderModelUrl', cofounderModel.url);
  project.provide('fakeHackerNewsUrl', hackerNews.url);
  project.provide('fakeStackExchangeUrl', stackExchange.url);
  project.provide('fakeRedditUrl', reddit.url);
  const sites = await startFakeSites();
  const github = await startFakeGitHub(sites.url);
  const appStore = await startFakeAppStore(sites.url);
  const braveSearch = await startFakeBraveSearch(sites.url);
  project.provide('fakeSitesUrl', sites.url);
  project.provide('fakeGitHubUrl', github.url);
  project.provide('fakeAppStoreUrl', appStore.url);
  project.provide('fakeBraveSearchUrl', braveSearch.url);
  project.provide(
    'hostileArticle',
    await convertArticle(
      'hostile-markdown.md',
      [
        '---',
        'title: "Hostile <b>markdown</b>"',
        'excerpt: Tries every trick',
        'author: Mallory',
        'date: 2020-01-01',
        '---',
        '## Plans',
        '',
        'Hello <script>alert("xss")</script> world.',
        '',
        '<img src="/blog/covers/x.svg" onerror="alert(1)">',
        '',
        '[a link](javascript:alert(2))',
      ].join('\n'),
    ),
  );
  return async () => {
    await google.close();
    await resend.close();
    await openai.close();
    await cofounderModel.close();
    await hackerNews.close();
    await stackExchange.close();
    await reddit.close();
    await Promise.all([sites.close(), github.close(), appStore.close(), braveSearch.close(), stripe.close(), exportFonts.close()]);
  };
}
