/** Copy of the affiliate program page. */
export const AFFILIATE_STEPS: { title: string; text: string }[] = [
  {
    title: 'Apply',
    text: 'Tell us who you are, where you talk to founders and how you would introduce Launchmate. We review every application by hand.',
  },
  {
    title: 'Share',
    text: 'Once approved, share your personal link in your newsletter, videos, posts or workshops. Visitors keep your code for 30 days.',
  },
  {
    title: 'Earn 20% of each purchase',
    text: 'Earn 20% of what every founder you refer pays for Pro, a one-time purchase, within a year of their sign-up. Paid out monthly.',
  },
];

export const AFFILIATE_FAQ: { question: string; answer: string }[] = [
  {
    question: 'How are applications approved?',
    answer: 'A person on our team reviews every application manually. You will hear from us within 72 hours.',
  },
  {
    question: 'How much do I earn?',
    answer: '20% of the price of Pro, a one-time lifetime purchase, for each founder you refer who buys it within a year of signing up.',
  },
  {
    question: 'How long does a referral count?',
    answer: 'Your link sets a 30-day cookie. A visitor who signs up within 30 days of clicking your link counts as your referral.',
  },
  {
    question: 'When and how am I paid?',
    answer: 'Payments go out on the 1st of each month through PayPal, once your balance reaches the minimum payout of $50.',
  },
  {
    question: 'How do I follow my results?',
    answer: 'Approved affiliates get a dashboard of clicks, conversions and commissions in their Launchmate account.',
  },
];
