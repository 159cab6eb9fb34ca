import { ExperimentResultSchema, GROW_LIMITS, RESULT_FRAME, ResultFrameSchema } from '#contracts/phases/grow';
import { z } from '#contracts/zod';
import type { MemberAction } from '../types';
import { experimentsOf, firstIssue, today, withExperiment } from './memory-reads';

/**
 * The result frame read leniently: a value that is not a number must reach its sender as a
 * refusal in the contract's words, not be dropped as an unreadable frame.
 */
const LenientResultFrameSchema = ResultFrameSchema.extend({ value: z.unknown() });
type LenientResultFrame = z.infer<typeof LenientResultFrameSchema>;

const NOT_A_NUMBER = 'A result is a number: what the metric measured';

/**
 * A member logs a result of an experiment: what the metric measured today (UTC), with a note and
 * their name. Appended to the experiment as it is when the frame is taken, so members logging at
 * once all land.
 */
export const RESULT_ACTION: MemberAction<LenientResultFrame> = {
  type: RESULT_FRAME,
  schema: LenientResultFrameSchema,
  who: 'member',
  whileLocked: 'refused',
  handle: async (host, member, { id, value, note }) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, error: `${NOT_A_NUMBER}.`, current: null };
    const entry = experimentsOf(host.state.memory).find((candidate) => candidate.id === id);
    if (!entry) return { ok: false, reason: 'not_found', error: 'This experiment is not in the memory any more.', current: null };
    if (entry.experiment.results.length >= GROW_LIMITS.results)
      return { ok: false, error: `An experiment keeps ${GROW_LIMITS.results} results: this one is full. Judge it, or start a new one.`, current: entry };
    const result = ExperimentResultSchema.safeParse({ on: today(), value, note: note.trim(), by: member.name.trim().slice(0, 120) || 'A member' });
    if (!result.success) return { ok: false, error: `${firstIssue(result.error)}.`, current: entry };
    const experiment = { ...entry.experiment, results: [...entry.experiment.results, result.data] };
    return host.updateEntry(entry.id, withExperiment(entry, experiment), { kind: 'member', userId: member.userId, name: member.name });
  },
};
