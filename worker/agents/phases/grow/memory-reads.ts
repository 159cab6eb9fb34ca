import type { ChannelRankingContent, ExperimentContent } from '#contracts/phases/grow';
import type { MemoryEntry } from '#contracts/workspace';

export type RankingEntry = Extract<MemoryEntry, { kind: 'channel_ranking' }>;
export type ExperimentEntry = Extract<MemoryEntry, { kind: 'experiment' }>;

/** The channels ranked, if the memory holds them. */
export const rankingEntryOf = (memory: readonly MemoryEntry[]) => memory.find((entry): entry is RankingEntry => entry.kind === 'channel_ranking');

/** The experiments of the memory, in the order they were saved. */
export const experimentsOf = (memory: readonly MemoryEntry[]) => memory.filter((entry): entry is ExperimentEntry => entry.kind === 'experiment');

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The experiment with this title (spaces and case aside), if any. */
export const experimentTitled = (memory: readonly MemoryEntry[], title: string) =>
  experimentsOf(memory).find((entry) => normalise(entry.title) === normalise(title));

/** Today, UTC (YYYY-MM-DD). */
export const today = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** The entry's content with another ranking, title kept. */
export const withRanking = (entry: { title: string }, ranking: ChannelRankingContent['ranking']): ChannelRankingContent => ({
  kind: 'channel_ranking',
  title: entry.title,
  ranking,
});

/** The entry's content with another experiment, title kept. */
export const withExperiment = (entry: { title: string }, experiment: ExperimentContent['experiment']): ExperimentContent => ({
  kind: 'experiment',
  title: entry.title,
  experiment,
});

/** The first message of a failed parse. */
export const firstIssue = (error: { issues: readonly { message: string }[] }) => error.issues[0]?.message ?? 'This is not valid.';
