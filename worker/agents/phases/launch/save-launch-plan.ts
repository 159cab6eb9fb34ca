import { tool } from 'ai';
import { ASSUMPTION, MEMORY_LIMITS } from '#contracts/phases/fields';
import { CHECKLIST_PARTS, PRODUCT_HUNT_TIME_ZONE } from '#contracts/phases/launch';
import { singleLineText } from '#contracts/text-fields';
import { z } from '#contracts/zod';
import type { CofounderActions } from '../../tools/actions';
import type { PhaseHost } from '../types';
import { channelSourcesOf, knownSource, sourceList } from './memory-reads';
import { DEFAULT_LAUNCH_TIME, launchEntryOf, launchInputSchema, resolveLaunch } from './plan-input';

/**
 * Saves the launch plan: the moment (00:01 Pacific unless the founders name another), the channels
 * each chosen from an artifact of the memory or said to be an assumption, and the checklist before,
 * on and after the day, owned by members named by name. An item already in the plan keeps its
 * status; saving again replaces the plan.
 */
export const saveLaunchPlan = (actions: CofounderActions, host: PhaseHost) =>
  tool({
    description: `Save the launch plan: the moment (date; time and time zone default to ${DEFAULT_LAUNCH_TIME} ${PRODUCT_HUNT_TIME_ZONE}), 1 to 6 channels each with why and its source (an artifact of the memory as "<its label>: <its title>", best a persona's "where to reach them" or the Lean Canvas's channels box, or "${ASSUMPTION}"), and a checklist (id, title, part ${CHECKLIST_PARTS.join('/')}, offsetDays from the launch day, owner by member name or null). Saving again replaces it; items keep their statuses.`,
    inputSchema: z.strictObject({ title: singleLineText(MEMORY_LIMITS.title), launch: launchInputSchema(host.state.teamMembers ?? []) }),
    execute: async ({ title, launch: input }) => {
      const sources = channelSourcesOf(actions.memory);
      const unknown = input.channels.filter((channel) => knownSource(sources, channel.source) === undefined);
      if (unknown.length > 0)
        throw new Error(
          `${unknown.map((channel) => `The channel "${channel.name}" cites "${channel.source}", which is not in the memory`).join('; ')}. A channel cites one of ${sourceList(sources)}.`,
        );
      const current = launchEntryOf(actions.memory);
      const launch = resolveLaunch(
        { ...input, channels: input.channels.map((channel) => ({ ...channel, source: knownSource(sources, channel.source)! })) },
        host.state.teamMembers ?? [],
        current?.launch ?? null,
      );
      const entry = actions.saveArtifact({ kind: 'launch_plan', title, launch });
      const unowned = launch.checklist.filter((item) => item.owner === null).map((item) => `"${item.title}"`);
      const assumed = launch.channels.filter((channel) => channel.source === ASSUMPTION).map((channel) => `"${channel.name}"`);
      return {
        saved: { id: entry.id, version: entry.version },
        moment: launch.moment,
        next: [
          assumed.length > 0 ? `Channels chosen on an assumption: ${assumed.join(', ')}; say what would show the personas are there.` : '',
          unowned.length > 0 ? `Nobody owns ${unowned.join(', ')}: say who should.` : '',
          'Say the launch moment in words (each member sees it in their own time zone), then draft the landing copy, the Product Hunt kit, the Show HN post and the launch e-mail. Accepting the launch plan in the memory completes phase 7.',
        ]
          .filter(Boolean)
          .join(' '),
      };
    },
  });
