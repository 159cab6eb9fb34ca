import {
  dayAfter,
  GROW_TOOLS,
  innerRingOf,
  testChoices,
  TRACTION_CHANNELS,
  type ChannelIdea,
  type RankedRing,
  type TractionChannel,
} from '#contracts/phases/grow';
import { artifactLabelOf } from '#contracts/phases/registry';
import { fitting, inSentence, quote } from '../common/demo-subject';
import { demoToolCall } from '../common/demo-tool-call';
import type { DemoStep } from '../types';
import { experimentsOf, rankingEntryOf, today } from './memory-reads';
import { saveChannelRanking } from './save-channel-ranking';
import { saveExperiment } from './save-experiment';

/**
 * The offline demo in phase 8, through the phase's own tools and about the project's own subject:
 * the 19 channels ranked with one idea each, every idea worded as an assumption to test; then, once
 * the founders chose their inner ring, an experiment on its first channel; then the weekly
 * check-in, which is written without AI, so the demo points to the real one.
 */

const IDEAS: Record<TractionChannel, { ring: RankedRing; idea: (subject: string) => string }> = {
  viral_marketing: { ring: 'possible', idea: (s) => `let each user of ${s} invite the one person they work with on it` },
  public_relations: { ring: 'long_shot', idea: (s) => `pitch the story behind ${s} to one trade journalist` },
  unconventional_pr: { ring: 'long_shot', idea: (s) => `a small public stunt that shows the problem ${s} solves` },
  search_engine_marketing: { ring: 'possible', idea: (s) => `ads on the words people type when they have the problem ${s} solves, for a small budget` },
  social_and_display_ads: { ring: 'long_shot', idea: (s) => `a few ads for ${s} aimed at the people the personas describe` },
  offline_ads: { ring: 'long_shot', idea: (s) => `a flyer for ${s} where the people who have the problem meet` },
  search_engine_optimization: { ring: 'possible', idea: (s) => `one page per question people ask about the problem ${s} solves` },
  content_marketing: { ring: 'promising', idea: (s) => `a weekly post on the problem ${s} solves, written from what the interviews said` },
  email_marketing: { ring: 'possible', idea: (s) => `a short e-mail course on the problem, ending with ${s}` },
  engineering_as_marketing: { ring: 'promising', idea: (s) => `a free small calculator or checklist that leads to ${s}` },
  targeting_blogs: { ring: 'possible', idea: (s) => `a guest post on the blogs the people who need ${s} read` },
  business_development: { ring: 'possible', idea: (s) => `a partner who already serves the people ${s} is for` },
  sales: { ring: 'promising', idea: (s) => `ten direct conversations a week with people who have the problem, offering ${s}` },
  affiliate_programs: { ring: 'long_shot', idea: (s) => `a share of the first payment for whoever brings a customer to ${s}` },
  existing_platforms: { ring: 'promising', idea: (s) => `${s} listed where the people who have the problem already look for tools` },
  trade_shows: { ring: 'long_shot', idea: (s) => `a visit, not a stand, to the one trade show the people who need ${s} attend` },
  offline_events: { ring: 'possible', idea: (s) => `a small meet-up about the problem ${s} solves` },
  speaking_engagements: { ring: 'long_shot', idea: (s) => `a short talk on the problem ${s} solves at a local group` },
  community_building: { ring: 'promising', idea: (s) => `a small group of the first users of ${s} who help each other` },
};

const demoIdeas = (subject: string): (ChannelIdea & { ring: RankedRing })[] =>
  (Object.keys(TRACTION_CHANNELS) as TractionChannel[]).map((channel) => ({
    channel,
    ring: IDEAS[channel].ring,
    idea: quote(`Assumption to test: ${IDEAS[channel].idea(subject)}.`, 300),
  }));

export const GROW_DEMO: readonly DemoStep[] = [
  {
    text: ({ memory }) =>
      rankingEntryOf(memory)
        ? '*Offline demo — not AI.* The channels are ranked already, in the memory: choose your inner ring of three among the promising ones under the ranking, and I will design an experiment for each.'
        : '*Offline demo — not AI.* Here are the 19 traction channels ranked for this product, one idea each: every idea is an assumption until an experiment measures it. Choose your inner ring of three among the promising channels under the ranking, and I will design an experiment for each. Accepting the ranking in the memory completes phase 8. You can also turn the weekly check-in on under the ranking.',
    tool: async ({ actions }, { words }) => {
      if (rankingEntryOf(actions.memory)) return null;
      return demoToolCall(GROW_TOOLS.saveChannelRanking, saveChannelRanking(actions), {
        title: quote(`Channels for ${inSentence(words.subject.name)}`, 120),
        ideas: demoIdeas(fitting(inSentence(words.subject.name), 80, 'the product')),
      });
    },
  },
  {
    text: ({ memory }) => {
      const channel = innerRingOf(rankingEntryOf(memory)?.ranking ?? { ideas: [] })[0];
      if (!channel)
        return '*Offline demo — not AI.* An experiment tests one channel of your inner ring, and there is no inner ring yet: choose its three channels under the ranking first.';
      if (experimentsOf(memory).some((entry) => entry.experiment.channel === channel))
        return `*Offline demo — not AI.* ${TRACTION_CHANNELS[channel]} already has its experiment: log each result under it, and I judge it against its threshold only.`;
      return '*Offline demo — not AI.* An experiment tests one channel of your inner ring: a hypothesis, a budget, the threshold that counts as success (what is counted, how many, by which day) and the riskiest assumption it tests, set before any result. Log each result under the experiment; I judge it against the threshold only.';
    },
    tool: async ({ actions }, { words }) => {
      const channel = innerRingOf(rankingEntryOf(actions.memory)?.ranking ?? { ideas: [] })[0];
      if (!channel || experimentsOf(actions.memory).some((entry) => entry.experiment.channel === channel)) return null;
      return demoToolCall(GROW_TOOLS.saveExperiment, saveExperiment(actions), {
        title: quote(`${TRACTION_CHANNELS[channel]} for ${inSentence(words.subject.name)}`, 120),
        experiment: {
          channel,
          hypothesis: quote(
            `Assumption: ${TRACTION_CHANNELS[channel].toLowerCase()} brings people who have the problem to ${inSentence(words.subject.name)}.`,
            400,
          ),
          budget: 0,
          startedOn: today(),
          threshold: { metric: 'Sign-ups from this channel', comparison: 'at_least', value: 10, by: dayAfter(today(), 14) },
          // The first riskiest assumption of phase 5, when the memory holds them: what a first channel most often tests.
          tests: testChoices(actions.memory, artifactLabelOf).find((choice) => choice.tested.kind === 'assumption') ? { kind: 'assumption', number: 1 } : null,
        },
      });
    },
  },
  {
    text: ({ memory }) =>
      [
        '*Offline demo — not AI.* The weekly check-in is written from the memory without AI, so what you see is the real one, not a script.',
        rankingEntryOf(memory)
          ? 'Turn it on under the channels ranked, and the project’s owner can post this week’s check-in now:'
          : 'Once the channels are ranked, turn it on under them, and the project’s owner can post this week’s check-in now:',
        'it lists the experiments due or ending, results missing for a week, what changed in the memory and what is flagged for review. It is posted once a week at most.',
      ].join(' '),
  },
];
