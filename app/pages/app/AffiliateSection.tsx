import { useEffect, useId, useRef, useState } from 'react';
import type { AffiliateStats } from '#contracts/affiliate';
import { useNotify } from '../../lib/notifications';
import { api, withSession } from '../../lib/api';
import { logUnexpected } from '../../lib/forms';
import './AffiliateSection.css';

const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * An approved affiliate's corner of the dashboard: their referral link, and clicks and referred
 * sign-ups by day over the last 30 days. Everyone else sees nothing here.
 */
export function AffiliateSection() {
  const [stats, setStats] = useState<AffiliateStats | null>(null);

  useEffect(() => {
    let current = true;
    withSession(() => api.affiliate.me.$get())
      .then((response) => response.json())
      .then(({ affiliate }) => current && setStats(affiliate))
      // Not worth an error banner on the dashboard: the section simply does not show.
      .catch((error: unknown) => logUnexpected('Loading the affiliate figures failed', error));
    return () => {
      current = false;
    };
  }, []);

  return stats ? <AffiliateFigures stats={stats} /> : null;
}

function AffiliateFigures({ stats }: { stats: AffiliateStats }) {
  const notify = useNotify();
  const headingId = useId();
  const linkRef = useRef<HTMLInputElement>(null);
  const activeDays = stats.days.filter((d) => d.clicks > 0 || d.signUps > 0).reverse();

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(stats.referralLink);
      notify.success('Link copied to clipboard!');
    } catch (failure) {
      console.error('Copying the referral link failed', failure);
      linkRef.current?.select();
      notify.error('Failed to copy link to clipboard.');
    }
  }

  return (
    <section className="dashboard__panel affiliate-figures" aria-labelledby={headingId}>
      <h2 id={headingId}>Affiliate</h2>
      <label className="affiliate-figures__label" htmlFor={`${headingId}-link`}>
        Your referral link
      </label>
      <div className="affiliate-figures__link">
        <input
          ref={linkRef}
          id={`${headingId}-link`}
          className="field__input"
          readOnly
          value={stats.referralLink}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copyLink()}>
          Copy
        </button>
      </div>
      <dl className="affiliate-figures__totals">
        <div>
          <dt>Clicks</dt>
          <dd data-testid="affiliate-clicks">{stats.totals.clicks}</dd>
        </div>
        <div>
          <dt>Sign-ups</dt>
          <dd data-testid="affiliate-sign-ups">{stats.totals.signUps}</dd>
        </div>
      </dl>
      <p className="dashboard__muted">Last {stats.days.length} days. A visitor counts once a day.</p>
      {activeDays.length === 0 ? (
        <p className="dashboard__muted">No clicks yet. Share your link to get started.</p>
      ) : (
        <table className="affiliate-figures__table">
          <caption className="visually-hidden">Clicks and sign-ups by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Clicks</th>
              <th scope="col">Sign-ups</th>
            </tr>
          </thead>
          <tbody>
            {activeDays.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{formatDay(d.day)}</time>
                </th>
                <td>{d.clicks}</td>
                <td>{d.signUps}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
