/**
 * Plans and how many projects of their own each allows (docs/decisions/0023). Membership of
 * other founders' projects is not counted.
 */
export const PLANS = ['free', 'pro'] as const;
export type PlanId = (typeof PLANS)[number];
export const OWN_PROJECT_LIMIT: Record<PlanId, number> = { free: 1, pro: 5 };

export const planLimitMessage = (plan: PlanId): string =>
  plan === 'free'
    ? `The Free plan includes ${OWN_PROJECT_LIMIT.free} project of your own. Pro includes ${OWN_PROJECT_LIMIT.pro}; projects others share with you never count.`
    : `Pro includes ${OWN_PROJECT_LIMIT.pro} projects of your own. Delete one to start another; projects others share with you never count.`;
