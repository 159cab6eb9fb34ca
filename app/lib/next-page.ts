import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { queueProPurchase } from './get-pro';

/** A path of this site: one slash, not two (`//host` is another site) nor a backslash, which browsers read as one. */
const SAME_SITE_PATH = /^\/(?![/\\])/;

/**
 * The sign-up and sign-in pages' `?next=`: where a founder goes once signed in, whether they just
 * signed in or already were. `pro` ('Get Pro' followed while signed out, or before the pricing
 * page was hydrated) queues the purchase, which the signed-in area carries out at once, the way
 * 'Get Pro' does for a founder (app/lib/get-pro.ts); a path of this site opens that page;
 * anything else, or nothing, the dashboard.
 */
export function useNextPage(): string {
  const [params] = useSearchParams();
  const next = params.get('next');
  useEffect(() => {
    if (next === 'pro') queueProPurchase();
  }, [next]);
  return next !== null && SAME_SITE_PATH.test(next) ? next : '/dashboard';
}
