import { allBuilt, PHASES_AVAILABLE_NOW } from './phases';

/**
 * A line of a plan's card. A feature that is a phase names it, so that it reads 'Coming soon'
 * until the registry says the phase is built.
 */
export interface Feature {
  text: string;
  phases?: readonly number[];
}

/** Whether a feature can be used today. */
export const isAvailable = (feature: Feature) => allBuilt(feature.phases ?? []);

/** The two plans, shown on /pricing and /demo. */
export interface Plan {
  id: 'free' | 'pro';
  name: string;
  price: string;
  period: string;
  summary: string;
  features: readonly Feature[];
  cta: string;
  highlighted: boolean;
  /** Which phases can be used today, while some are not built. */
  availability?: string;
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
    features: [{ text: 'Finding an idea' }, { text: "Estimating the problem's scale and impact" }, { text: 'Using real-world data' }],
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
      { text: 'All phases' },
      { text: '5 projects' },
      { text: 'Competitor and gap research', phases: [3] },
      { text: 'User personas', phases: [4] },
      { text: 'Solution shaping', phases: [5] },
      { text: 'Build planning', phases: [6] },
      { text: 'Launch and marketing help', phases: [7, 8] },
      { text: 'Dedicated support' },
      { text: 'Document export' },
    ],
    cta: 'Get Pro',
    highlighted: true,
    ...(PHASES_AVAILABLE_NOW ? { availability: PHASES_AVAILABLE_NOW } : {}),
    taxNote: 'Plus VAT or sales tax where it applies, shown at checkout. An invoice comes with every purchase.',
  },
];
