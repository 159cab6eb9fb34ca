import { LAUNCH_TOOLS } from '#contracts/phases/launch';
import type { MemberAction, PhaseModule } from '../types';
import { checkLaunchEdit } from './check-edit';
import { LAUNCH_DEMO } from './demo';
import { ITEM_STATUS_ACTION } from './item-status';
import { saveLandingCopy } from './save-landing-copy';
import { saveLaunchEmail } from './save-launch-email';
import { saveLaunchPlan } from './save-launch-plan';
import { saveProductHuntKit } from './save-product-hunt-kit';
import { saveShowHnPost } from './save-show-hn-post';

/**
 * Phase 7, 'Launch' (contracts/phases/launch.ts): done when the founders accept the launch plan.
 * Its owners are the members phase 6 keeps in the shared state (`teamMembers`).
 */
export const LAUNCH: PhaseModule = {
  number: 7,
  guide: `Phase 7, "Launch", plans the launch and drafts what it needs. A launch where the personas are not is wasted: say so. Write in the founders' language.

1. save_launch_plan:
   - Channels from where phase 4 found the personas ("where to reach them") and the Lean Canvas's channels box, each citing that artifact; a channel from neither cites "assumption", and say it is one.
   - The moment: Product Hunt's day starts at 00:00 Pacific, so a Product Hunt launch is at 00:01 America/Los_Angeles, the default when the founders name no time. Each member sees it in their own time zone.
   - A checklist in three parts (before, on the day, after), each item due a number of days from the launch, owned by a member by name or null (say who should take it).
2. Draft the four assets for the founders to edit: save_landing_copy (3 benefits in a persona's own words), save_product_hunt_kit (tagline ≤ 60 characters, description ≤ 260), save_show_hn_post and save_launch_email.
3. The Show HN post is plain, as Hacker News expects: "Show HN: X – Y", what it does, why, what is rough. No marketing words.
4. Critique each draft; do not flatter it. Name every claim a tool returns as unsupported (a figure, a superlative, a guarantee), or the memory flags on an asset a member edited, as a claim no data shows ("no data shows that clinics save 5 hours a week") and ask for the evidence or cut it.
5. Members move checklist statuses themselves: read them in the memory.
6. Tell the founders that accepting the launch plan in the memory completes phase 7.`,
  tools: ({ actions, host }) => ({
    [LAUNCH_TOOLS.saveLaunchPlan]: saveLaunchPlan(actions, host),
    [LAUNCH_TOOLS.saveLandingCopy]: saveLandingCopy(actions),
    [LAUNCH_TOOLS.saveProductHuntKit]: saveProductHuntKit(actions),
    [LAUNCH_TOOLS.saveShowHnPost]: saveShowHnPost(actions),
    [LAUNCH_TOOLS.saveLaunchEmail]: saveLaunchEmail(actions),
  }),
  checkEdit: checkLaunchEdit,
  actions: [ITEM_STATUS_ACTION] as readonly MemberAction[],
  demo: LAUNCH_DEMO,
};
