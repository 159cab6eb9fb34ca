import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PAYMENT_REVIEW_REASONS, PAYMENT_STATUSES } from '#contracts/billing';
import { DISCUSSION_SOURCES } from '#contracts/discussions';
import { COMPETITOR_SOURCES } from '#contracts/phases/competitors';

// Rules for this schema (D1 is SQLite without interactive transactions):
// - migrations are additive: a new column is nullable or has a default;
// - counters and limits are single atomic statements (INSERT … SELECT … WHERE, UPDATE … RETURNING);
// - times are Unix milliseconds in INTEGER columns.

const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** Browser crash and error reports, capped in size and redacted before they get here. */
export const frontendErrors = sqliteTable(
  'frontend_errors',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    createdAt: createdAt(),
    message: text('message').notNull(),
    stack: text('stack'),
    type: text('type').notNull(),
    url: text('url'),
    component: text('component'),
    context: text('context'),
    userAgent: text('user_agent'),
  },
  (t) => [index('frontend_errors_created_at').on(t.createdAt)],
);

const bool = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);

/** An account. E-mail is stored trimmed and lower-cased; passwords only as scrypt hashes. */
export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** `scrypt$N$r$p$salt$hash` (base64url); null for accounts that only use Google. */
  passwordHash: text('password_hash'),
  emailVerifiedAt: integer('email_verified_at', { mode: 'number' }),
  googleSub: text('google_sub').unique(),
  name: text('name'),
  privacyMode: bool('privacy_mode'),
  /** Where the founder came from, as JSON. */
  attribution: text('attribution'),
  /** The affiliate referral code this founder signed up through, if any. */
  referredBy: text('referred_by'),
  /** No longer read: failed sign-ins are counted per window in rate_limit_windows (decision 0017). */
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  /** How many projects of their own the founder may have (docs/decisions/0023); an operator sets 'pro'. */
  plan: text('plan', { enum: ['free', 'pro'] })
    .notNull()
    .default('free'),
  createdAt: createdAt(),
});

/**
 * Rotating refresh tokens (docs/security.md §7). A family starts at sign-in and ends 30 days later
 * whatever happens; every refresh marks the presented token used and issues its successor.
 */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyExpiresAt: integer('family_expires_at', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    usedAt: integer('used_at', { mode: 'number' }),
    revokedAt: integer('revoked_at', { mode: 'number' }),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId), index('refresh_tokens_user').on(t.userId)],
);

/** Single-use links sent by e-mail: address verification and password reset. */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    usedAt: integer('used_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_purpose').on(t.userId, t.purpose)],
);

/**
 * Short locks that make "at most one such e-mail a minute per address" exact: one atomic upsert
 * takes the lock or finds it held.
 */
export const mailLocks = sqliteTable('mail_locks', {
  key: text('key').primaryKey(),
  lockedUntil: integer('locked_until', { mode: 'number' }).notNull(),
});

/** Whether an address receives non-transactional mail; absent means subscribed. */
export const emailSubscriptions = sqliteTable('email_subscriptions', {
  email: text('email').primaryKey(),
  unsubscribedAt: integer('unsubscribed_at', { mode: 'number' }),
  updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
});

/** One per non-transactional e-mail sent; the link works for unsubscribe and resubscribe. */
export const unsubscribeTokens = sqliteTable('unsubscribe_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  createdAt: createdAt(),
});

export const projects = sqliteTable(
  'projects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('projects_owner').on(t.ownerId)],
);

/** Who may open a project: its owner and the collaborators who accepted an invitation. */
export const projectMembers = sqliteTable(
  'project_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'collaborator'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user').on(t.userId)],
);

/** Invitations to collaborate on a project: 7 days, single use (docs/security.md §9). */
export const invitations = sqliteTable(
  'invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'number' }),
    acceptedBy: text('accepted_by'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_project').on(t.projectId)],
);

/** Signed-in founders who asked for Pro before payments exist: each is e-mailed when it opens. */
export const proInterest = sqliteTable('pro_interest', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The address to notify, as it was when they asked. */
  email: text('email').notNull(),
  createdAt: createdAt(),
  /** When `npm run plan -- announce` told them Pro can be bought; null until then. */
  notifiedAt: integer('notified_at', { mode: 'number' }),
});

/** Development and tests: mail that would have been sent, readable at /dev/outbox. */
export const outbox = sqliteTable('outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  createdAt: createdAt(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  headers: text('headers'),
});

/** First-party product analytics (no third-party script): named events from the browser. */
export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    createdAt: createdAt(),
    name: text('name').notNull(),
    path: text('path'),
    /** Small JSON object of event details. */
    properties: text('properties'),
    sessionId: text('session_id'),
  },
  (t) => [index('analytics_events_name_created').on(t.name, t.createdAt)],
);

/** Blog articles, loaded from content/blog/*.md by scripts; content is sanitised HTML. */
export const articles = sqliteTable(
  'articles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    author: text('author').notNull(),
    publishedAt: integer('published_at', { mode: 'number' }).notNull(),
    coverImageUrl: text('cover_image_url').notNull(),
    contentHtml: text('content_html').notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('articles_published_at').on(t.publishedAt)],
);

/** Affiliate applications; an operator approves or rejects them. */
export const affiliates = sqliteTable('affiliates', {
  id: text('id').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  socialProfile: text('social_profile').notNull(),
  /** Unique, `^[A-Za-z0-9_-]{1,64}$`, compared case-insensitively. */
  referralCode: text('referral_code').notNull().unique(),
  paypalEmail: text('paypal_email').notNull(),
  whyLaunchmate: text('why_launchmate').notNull(),
  promotionStrategy: text('promotion_strategy').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  createdAt: createdAt(),
  reviewedAt: integer('reviewed_at', { mode: 'number' }),
});

/** One row per visitor per affiliate per day (repeat clicks the same day are not counted). */
export const affiliateClicks = sqliteTable(
  'affiliate_clicks',
  {
    affiliateId: text('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    /** UTC date, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** A salted hash of the visitor, never the address itself. */
    visitorHash: text('visitor_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.affiliateId, t.day, t.visitorHash] })],
);

/** A public questionnaire of a project, answered at /research/{urlKey}. */
export const researchPages = sqliteTable(
  'research_pages',
  {
    id: text('id').primaryKey(),
    urlKey: text('url_key').notNull().unique(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** What the founder tells respondents above the questions; '' for none. */
    introduction: text('introduction').notNull().default(''),
    /** Null means no limit. */
    maxResponses: integer('max_responses'),
    closedAt: integer('closed_at', { mode: 'number' }),
    /** The co-founder's draft this page was created from (a hash of the draft), so the draft knows it. */
    draftKey: text('draft_key'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('research_pages_project').on(t.projectId), uniqueIndex('research_pages_draft').on(t.projectId, t.draftKey)],
);

export const researchQuestions = sqliteTable(
  'research_questions',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => researchPages.id, { onDelete: 'cascade' }),
    /** The key answers refer to. */
    sequence: integer('sequence').notNull(),
    text: text('text').notNull(),
    type: text('type', { enum: ['text', 'multiple_choice', 'checkbox', 'rating', 'email'] })
      .notNull()
      .default('text'),
    /** JSON list of strings, for the choice types. */
    options: text('options'),
    /** JSON object, e.g. { min_rating, max_rating, labels }. */
    config: text('config'),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.sequence] })],
);

export const researchResponses = sqliteTable(
  'research_responses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pageId: text('page_id')
      .notNull()
      .references(() => researchPages.id, { onDelete: 'cascade' }),
    /** JSON list of { sequence, question, response }. */
    answers: text('answers').notNull(),
    surveyswapId: text('surveyswap_id'),
    createdAt: createdAt(),
  },
  (t) => [index('research_responses_page').on(t.pageId)],
);

/** How many ideas and personas the free tools have generated: public counters, grown on success only. */
export const toolCounters = sqliteTable('tool_counters', {
  tool: text('tool', { enum: ['business-ideas', 'user-persona'] }).primaryKey(),
  count: integer('count').notNull().default(0),
});

/** Model calls per UTC day, for everyone: the exact global cap on LLM spend. */
export const llmDailyUsage = sqliteTable('llm_daily_usage', {
  /** UTC date, YYYY-MM-DD. */
  day: text('day').primaryKey(),
  requests: integer('requests').notNull().default(0),
});

/** Every successful free-tool result, shareable read-only by its unguessable id. */
export const toolResults = sqliteTable('tool_results', {
  id: text('id').primaryKey(),
  tool: text('tool', { enum: ['business-ideas', 'user-persona'] }).notNull(),
  /** What the visitor typed: the industry or the product description. */
  input: text('input').notNull(),
  /** The result as JSON, in the shape the API answers. */
  result: text('result').notNull(),
  /** True when the offline demo generator made it (development only). */
  offlineDemo: integer('offline_demo', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Fixed-window counters of the per-client limits (decision 0016). One row per rule, client and
 * window; admission is one conditional upsert, so concurrent requests cannot pass the limit.
 */
export const rateLimitWindows = sqliteTable(
  'rate_limit_windows',
  {
    /** `rule:client:windowStart`. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the window ends (ms); later rows are pruned. */
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_windows_expiry').on(t.expiresAt)],
);

/** Phases a project has completed (the co-founder marks phase 1 done when the idea is chosen). */
export const projectPhases = sqliteTable(
  'project_phases',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    phase: integer('phase').notNull(),
    completedAt: integer('completed_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.phase] })],
);

/**
 * Co-founder answers per UTC day, per member (`member:<userId>`) and per project
 * (`project:<projectId>`), plus a mirror of the global model-call count (`llm:global`). Each row
 * carries the cap it was counted against, and the CHECK refuses a count above it: a reservation
 * is one D1 batch that fails, and rolls back whole, as soon as one counter would pass its cap
 * (docs/decisions/0027-cofounder-limits-and-privacy.md).
 */
export const cofounderUsage = sqliteTable(
  'cofounder_usage',
  {
    /** UTC date, YYYY-MM-DD. */
    day: text('day').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    cap: integer('cap').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.key] }), check('cofounder_usage_within_cap', sql`${t.count} <= ${t.cap}`)],
);

/**
 * Successful answers of the searched discussion sources, kept for DISCUSSION_CACHE_HOURS so a
 * repeated search makes no outside call (docs/decisions/0032-discussion-search.md). One row per
 * source and normalised phrase (with the site for Stack Exchange); failures are never stored, and
 * an expired row is overwritten by the next answer.
 */
export const discussionSearchCache = sqliteTable(
  'discussion_search_cache',
  {
    /** A discussion source of phase 2 or a competitor source of phase 3: one cache for every search source. */
    source: text('source', { enum: [...DISCUSSION_SOURCES, ...COMPETITOR_SOURCES] }).notNull(),
    queryKey: text('query_key').notNull(),
    /** What was found, as JSON: `Discussion[]` or `CompetitorCandidate[]` (contracts/phases/competitors.ts). */
    results: text('results').notNull(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.queryKey] }), index('discussion_search_cache_expiry').on(t.expiresAt)],
);

/**
 * Every Stripe event whose effect was applied, written in the same D1 batch as that effect: a
 * second delivery of the same event fails on the primary key and the whole batch rolls back
 * (docs/decisions/0038-payments-and-affiliate-ledger.md).
 */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * One row per Stripe Checkout session of the Pro purchase. Amounts are in the currency's minor
 * unit (cents). Kept when the account is deleted (the company must keep its sales records), with
 * the account's id set to null.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    paymentIntentId: text('payment_intent_id').unique(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    currency: text('currency').notNull(),
    amountTotal: integer('amount_total').notNull(),
    amountTax: integer('amount_tax').notNull(),
    /** What commissions are computed on: the total less tax. */
    amountWithoutTax: integer('amount_without_tax').notNull(),
    receiptUrl: text('receipt_url'),
    invoiceUrl: text('invoice_url'),
    invoicePdfUrl: text('invoice_pdf_url'),
    paidAt: integer('paid_at', { mode: 'number' }),
    reversedAt: integer('reversed_at', { mode: 'number' }),
    /**
     * Why the operator must look at this payment: its currency or amount is not the price's
     * (docs/decisions/0061-one-purchase-per-founder.md). Such a payment earns no commission.
     */
    reviewReason: text('review_reason', { enum: PAYMENT_REVIEW_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user').on(t.userId)],
);

/**
 * Every Checkout session opened for a founder, so that the first one paid can expire the others
 * through Stripe (docs/decisions/0061-one-purchase-per-founder.md). `closed_at` is set once
 * Stripe has expired it or it was the one paid.
 */
export const checkoutSessions = sqliteTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    closedAt: integer('closed_at', { mode: 'number' }),
  },
  (t) => [index('checkout_sessions_user').on(t.userId)],
);

/**
 * A refund or a lost dispute, keyed by the payment intent it undoes. Stripe may deliver it before
 * the checkout it reverses: the payment is then recorded as already reversed and grants nothing.
 */
export const paymentReversals = sqliteTable('payment_reversals', {
  paymentIntentId: text('payment_intent_id').primaryKey(),
  reason: text('reason', { enum: ['refund', 'dispute_lost'] }).notNull(),
  createdAt: createdAt(),
});

/**
 * The affiliate ledger: lines are only ever added. A commission (+) becomes payable at
 * `available_at` (the refund window after the payment); its reversal (−) becomes due at the
 * same moment or at once if the commission already was; a payout (−) is recorded by the
 * operator. Balances are sums over these lines, never stored.
 */
export const affiliateLedger = sqliteTable(
  'affiliate_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    affiliateId: text('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').references(() => payments.id),
    kind: text('kind', { enum: ['commission', 'reversal', 'payout'] }).notNull(),
    /** Minor units of `currency`, signed: commissions positive, reversals and payouts negative. */
    amount: integer('amount').notNull(),
    /** The currency of `amount`; balances are summed per currency, never across. */
    currency: text('currency').notNull().default('usd'),
    availableAt: integer('available_at', { mode: 'number' }).notNull(),
    /** The payout's reference in the payment service (payouts only). */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('affiliate_ledger_payment_kind').on(t.paymentId, t.kind),
    uniqueIndex('affiliate_ledger_payout_reference').on(t.affiliateId, t.reference),
    index('affiliate_ledger_affiliate').on(t.affiliateId, t.availableAt),
  ],
);

/** Messages Pro founders send to support; each is also e-mailed to CONTACT_EMAIL. */
export const supportRequests = sqliteTable(
  'support_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_user').on(t.userId)],
);
