import { useEffect, useState } from 'react';
import { formatMoney, type BillingSummary, type PaymentRecord } from '#contracts/billing';
import { GetProButton } from '../../components/GetProButton';
import { Spinner } from '../../components/Spinner';
import { api, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import { useCurrentUser } from './AppLayout';
import { SettingsPanel } from './SettingsPanel';

const STATUS_LABELS: Record<PaymentRecord['status'], string> = {
  pending: 'Waiting for the bank',
  paid: 'Paid',
  failed: 'Failed',
  disputed: 'Disputed',
  refunded: 'Refunded',
  dispute_lost: 'Reversed after a dispute',
  duplicate_refund_due: 'Being refunded: you already had Pro',
  duplicate_refunded: 'Refunded: you already had Pro',
};

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; billing: BillingSummary };

/** Billing in account settings: the plan, and each payment with its amount, tax, receipt and invoice. */
export function BillingSettings() {
  const { user } = useCurrentUser();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    withSession(() => api.billing.$get())
      .then((response) => response.json())
      .then(
        (billing) => current && setLoad({ state: 'ready', billing }),
        (error: unknown) => {
          logUnexpected('Loading billing failed', error);
          if (current) setLoad({ state: 'failed', message: errorMessage(error, 'We could not load your payments. Please reload the page.') });
        },
      );
    return () => {
      current = false;
    };
  }, []);

  return (
    <SettingsPanel title="Billing" id="billing">
      {load.state === 'loading' && <Spinner label="Loading billing" />}
      {load.state === 'failed' && (
        <p className="settings__error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <>
          <p className="settings__muted">
            {load.billing.plan === 'pro'
              ? 'You have Pro: all phases, 5 projects of your own and dedicated support, for life.'
              : 'You are on the Free plan: 1 project of your own and the first 2 phases. Pro is $149 once, plus tax where it applies.'}
          </p>
          {load.billing.payments.length > 0 && <Payments payments={load.billing.payments} />}
          {load.billing.plan === 'free' && <GetProButton user={user} />}
        </>
      )}
    </SettingsPanel>
  );
}

function Payments({ payments }: { payments: PaymentRecord[] }) {
  return (
    <ul className="billing-payments">
      {payments.map((payment) => (
        <li key={payment.id} className="billing-payment">
          <p className="billing-payment__title">
            <strong>Launchmate Pro</strong> · {STATUS_LABELS[payment.status]}
            {payment.paidAt && (
              <>
                {' '}
                · <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time>
              </>
            )}
          </p>
          <dl className="billing-payment__amounts">
            <div>
              <dt>Amount</dt>
              <dd>{formatMoney(payment.amountTotal, payment.currency)}</dd>
            </div>
            <div>
              <dt>Of which tax</dt>
              <dd>{formatMoney(payment.amountTax, payment.currency)}</dd>
            </div>
          </dl>
          <p className="billing-payment__links">
            {payment.receiptUrl ? (
              <a href={payment.receiptUrl} target="_blank" rel="noreferrer">
                Receipt
              </a>
            ) : null}
            {payment.invoiceUrl ? (
              <a href={payment.invoiceUrl} target="_blank" rel="noreferrer">
                Invoice
              </a>
            ) : null}
            {payment.invoicePdfUrl ? (
              <a href={payment.invoicePdfUrl} target="_blank" rel="noreferrer">
                Invoice (PDF)
              </a>
            ) : null}
            {!payment.receiptUrl && !payment.invoiceUrl && <span className="settings__muted">No receipt: a test checkout, no money moved.</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}
