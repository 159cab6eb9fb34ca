import { formatMoney } from '#contracts/billing';
import { composeEmail } from './layout';

/**
 * A founder who already had Pro paid again (two Checkout windows, for instance): the payment was
 * refunded at once (docs/decisions/0061-one-purchase-per-founder.md).
 */
export const duplicatePaymentRefundedEmail = (to: string, amountTotal: number, currency: string, settingsUrl: string) =>
  composeEmail({
    to,
    subject: 'Your second payment for Launchmate Pro was refunded',
    paragraphs: [
      `You already have Launchmate Pro, so the payment of ${formatMoney(amountTotal, currency)} you just made was refunded in full. Your Pro plan stays as it is.`,
      'Your bank shows the refund within 5 to 10 business days. Your account settings list it under Billing as refunded.',
    ],
    action: { label: 'Open billing', url: settingsUrl },
  });
