import { GROW_TOOLS } from '#contracts/phases/grow';
import type { MemberAction, PhaseModule } from '../types';
import { CHECK_IN_ACTION, CHECK_IN_NOW_ACTION, dropFormerMembers } from './check-in';
import { checkGrowEdit } from './check-edit';
import { restoreWeek } from './check-in-store';
import { GROW_DEMO } from './demo';
import { INNER_RING_ACTION } from './inner-ring';
import { judgeExperiment } from './judge-experiment';
import { RESULT_ACTION } from './log-result';
import { saveChannelRanking } from './save-channel-ranking';
import { saveExperiment } from './save-experiment';
import { CHECK_IN_JOB, weeklyCheckIn } from './weekly-check-in';

/** Phase 8, 'Market and grow' (contracts/phases/grow.ts): done when the founders accept the channels ranked. */
export const GROW: PhaseModule = {
  number: 8,
  guide: `Phase 8, "Market and grow", finds the few channels that bring users in, by measuring them. Be critical: a channel is an assumption until an experiment measures it. Write in the founders' language.

1. ${GROW_TOOLS.saveChannelRanking}: all 19 traction channels, one concrete idea each fitted to this product and its personas (not generic advice), ranked promising, possible or long shot. Few are promising.
2. The founders choose the inner ring of three among the promising channels, under the ranking: never choose it for them; ask.
3. ${GROW_TOOLS.saveExperiment}: one experiment per inner-ring channel: a hypothesis, a budget, a start date and the threshold that counts as success (the metric counted, at least or at most a number, by a day), set before any result. Choose what it tests: a riskiest assumption of phase 5 by its number, or another artifact of the memory by its id. At most three; saving again under the same title keeps the results.
4. Members log the results themselves. ${GROW_TOOLS.judgeExperiment}: judge the latest result against the threshold only, and say the number and the threshold first: focus when it meets it, change the approach or drop it when it does not. Never call a result a success the numbers do not show, nor judge before a result.
5. Mention every contradiction flagged for review (a Lean Canvas channel no experiment tests, a result short of its threshold or a threshold's day passed with no result, against what the experiment tests and what rests on it) and ask which side changes.
6. Tell the founders that a weekly check-in can be turned on under the ranking, and that accepting the ranking in the memory completes phase 8.`,
  tools: ({ actions }) => ({
    [GROW_TOOLS.saveChannelRanking]: saveChannelRanking(actions),
    [GROW_TOOLS.saveExperiment]: saveExperiment(actions),
    [GROW_TOOLS.judgeExperiment]: judgeExperiment(actions),
  }),
  checkEdit: checkGrowEdit,
  initialState: { checkIn: { enabled: false, emailUserIds: [], nextAt: null, lastWeek: null, lastMessageId: null, lastAt: null } },
  actions: [INNER_RING_ACTION, RESULT_ACTION, CHECK_IN_ACTION, CHECK_IN_NOW_ACTION] as readonly MemberAction[],
  jobs: { [CHECK_IN_JOB]: weeklyCheckIn },
  hooks: {
    // After an eviction: the week SQLite holds; and anyone who left without the object hearing of it is dropped.
    onStart: async (host) => {
      restoreWeek(host);
      await dropFormerMembers(host).catch((error: unknown) => console.error('Reading the members for the check-in failed', error));
    },
    onMembersChanged: dropFormerMembers,
  },
  demo: GROW_DEMO,
};
