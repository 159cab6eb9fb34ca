/** The two plans, shown on /pricing and /demo. */
export interface Plan {
  id: 'free' | 'pro';
  name: string;
  price: string;
  period: string;
  summary: string;
  features: readonly string[];
  cta: string;
  highlighted: boolean;
  /** How tax is added to the price (decision 38). */
  taxNote?: string;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    period: 'forever',
    summary: 'The first 2 phases, to find out early whether your idea is worth building.',
    features: ['Finding an idea', "Estimating the problem's scale and impact", 'Using real-world data'],
    cta: 'Start for free',
    highlighted: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: '$149',
    period: 'once, lifetime access',
    summary: 'All 8 phases, from idea to launch, paid once.',
    features: [
      'All phases',
      '5 projects',
      'Competitor and gap research',
      'User personas',
      'Solution shaping',
      'Build planning',
      'Launch and marketing help',
      'Dedicated support',
      'Document export',
    ],
    cta: 'Get Pro',
    highlighted: true,
    taxNote: 'Plus VAT or sales tax where it applies, shown at checkout. An invoice comes with every purchase.',
  },
];
