import type { CheckoutAnswer } from '#contracts/billing';
import { api, ApiError, withSession } from './api';
import { readJsonSetting, writeJsonSetting, writeSetting } from './local-settings';

/**
 * 'Get Pro', wherever a screen offers it (the pricing page, the project limit, locked phases):
 * one way in for every screen (decision 38). Signed in, the server decides what happens: Stripe
 * Checkout (or the local test checkout) to go to, or, where payments are not configured, the
 * wish recorded. Signed out, the wish is kept in this browser and Checkout opens as soon as the
 * visitor has an account, whichever way they get one (the signed-in frame, AppLayout, asks
 * `takeQueuedPurchase()`), as the landing page's draft does (decision 31).
 */

/** A queued purchase older than this is forgotten: the visitor has moved on. */
const QUEUED_PURCHASE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type GetProOutcome =
  /** The browser is on its way to Checkout. */
  | { kind: 'redirecting' }
  /** Payments are not open here: the wish is noted and this address will be told. */
  | { kind: 'interest'; email: string }
  | { kind: 'already-pro' };

export const GET_PRO_FAILED = 'We could not open the checkout. Nothing was charged; please try again.';

/** Moves the browser to Checkout; a seam for component tests, which cannot leave the page. */
export const checkoutNavigation = { go: (url: string) => window.location.assign(url) };

/**
 * Asks the server for Checkout and goes there. Resolves with what happened; rejects with an
 * ApiError (its message is for the founder) when the checkout could not be opened.
 */
export async function startProPurchase(): Promise<GetProOutcome> {
  let answer: CheckoutAnswer;
  try {
    answer = await (await withSession(() => api.billing.checkout.$post())).json();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { kind: 'already-pro' };
    throw error;
  }
  if (answer.kind === 'redirect') {
    checkoutNavigation.go(answer.url);
    return { kind: 'redirecting' };
  }
  return answer;
}

/** 'Get Pro' while signed out: remembered until the visitor signs up or in. */
export function queueProPurchase(): void {
  writeJsonSetting('proPurchase', { queuedAt: Date.now() });
}

/** Whether a signed-out 'Get Pro' is waiting, without using it up. */
export function hasQueuedPurchase(): boolean {
  const queued = readJsonSetting<{ queuedAt?: unknown }>('proPurchase');
  return typeof queued?.queuedAt === 'number' && Date.now() - queued.queuedAt < QUEUED_PURCHASE_MAX_AGE_MS;
}

/** Uses up the queued purchase: true when there was one to carry out. */
export function takeQueuedPurchase(): boolean {
  const waiting = hasQueuedPurchase();
  writeSetting('proPurchase', null);
  return waiting;
}

/** What the founder is told after asking for Pro where payments are not open. */
export const interestMessage = (email: string) => `Pro is coming soon. You are on the list: we will e-mail ${email} as soon as Pro opens.`;
