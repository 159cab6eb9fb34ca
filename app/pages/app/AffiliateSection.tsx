import { useEffect, useId, useRef, useState } from 'react';
import type { AffiliateMe, AffiliateStats } from '#contracts/affiliate';
import { formatMoney } from '#contracts/billing';
import { useNotify } from '../../lib/notifications';
import { api, withSession } from '../../lib/api';
import { logUnexpected } from '../../lib/forms';
import './AffiliateSection.css';

const formatDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * An approved affiliate's corner of the dashboard: their referral link, clicks per day (a small
 * chart) and referred sign-ups over the last 30 days, conversions, and their commissions from the
 * ledger (decision 38). An applicant sees where the application stands; everyone else, nothing.
 */
export function AffiliateSection() {
  const [me, setMe] = useState<AffiliateMe | null>(null);

  useEffect(() => {
    let current = true;
    withSession(() => api.affiliate.me.$get())
      .then((response) => response.json())
      .then((body) => current && setMe(body))
      // Not worth an error banner on the dashboard: the section simply does not show.
      .catch((error: unknown) => logUnexpected('Loading the affiliate figures failed', error));
    return () => {
      current = false;
    };
  }, []);

  if (me?.affiliate) return <AffiliateFigures stats={me.affiliate} />;
  if (me?.application) return <AffiliateApplication status={me.application.status} code={me.application.referralCode} />;
  return null;
}

function AffiliateApplication({ status, code }: { status: 'pending' | 'rejected'; code: string }) {
  const headingId = useId();
  return (
    <section className="dashboard__panel affiliate-figures" aria-labelledby={headingId}>
      <h2 id={headingId}>Affiliate</h2>
      {status === 'pending' ? (
        <p className="affiliate-figures__state" data-state="pending">
          Your application with the code <strong>{code}</strong> is being reviewed. We reply by e-mail, usually within a few days; your figures appear here once
          it is approved.
        </p>
      ) : (
        <p className="affiliate-figures__state" data-state="rejected">
          Your application with the code <strong>{code}</strong> was not approved. Reply to our e-mail if you think we missed something.
        </p>
      )}
    </section>
  );
}

const formatDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Clicks per day as small bars, oldest on the left; the table below has the numbers. */
function ClicksChart({ days }: { days: AffiliateStats['days'] }) {
  const most = Math.max(1, ...days.map((d) => d.clicks));
  const total = days.reduce((sum, d) => sum + d.clicks, 0);
  const barWidth = 100 / days.length;
  return (
    <svg
      className="affiliate-chart"
      viewBox="0 0 100 32"
      preserveAspectRatio="none"
      role="img"
      aria-label={`Clicks per day over the last ${days.length} days: ${total} in all`}
    >
      {days.map((d, i) => {
        const height = d.clicks === 0 ? 0.6 : (d.clicks / most) * 30;
        return (
          <rect
            key={d.day}
            className={d.clicks === 0 ? 'affiliate-chart__bar affiliate-chart__bar--empty' : 'affiliate-chart__bar'}
            x={i * barWidth + barWidth * 0.15}
            y={32 - height}
            width={barWidth * 0.7}
            height={height}
          >
            <title>{`${formatDay(d.day)}: ${d.clicks} ${d.clicks === 1 ? 'click' : 'clicks'}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

function Commissions({ balances }: { balances: AffiliateStats['balances'] }) {
  return (
    <div className="affiliate-commissions">
      <h3>Commissions</h3>
      <dl className="affiliate-figures__totals affiliate-figures__totals--money">
        <div>
          <dt>Pending</dt>
          <dd data-testid="affiliate-pending">{formatMoney(balances.pending)}</dd>
        </div>
        <div>
          <dt>Payable</dt>
          <dd data-testid="affiliate-payable">{formatMoney(balances.payable)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd data-testid="affiliate-paid">{formatMoney(balances.paid)}</dd>
        </div>
      </dl>
      <p className="dashboard__muted">
        20% of each payment without tax. A commission is pending for 30 days (the refund window), then payable. Payouts are made on the 1st of the month for
        balances of {formatMoney(balances.minimumPayout)} or more: the next is on{' '}
        <time dateTime={balances.nextPayoutDate}>{formatDate(balances.nextPayoutDate)}</time>.
        {balances.payable < 0 && ' A refund after a payout is taken from your next balance.'}
      </p>
    </div>
  );
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
        <div>
          <dt>Conversions</dt>
          <dd data-testid="affiliate-conversions">{stats.balances.conversions}</dd>
        </div>
      </dl>
      <ClicksChart days={stats.days} />
      <p className="dashboard__muted">
        Clicks and sign-ups over the last {stats.days.length} days; a visitor counts once a day. Conversions are all-time purchases.
      </p>
      <Commissions balances={stats.balances} />
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
