import { isArtifactKind, outlineOf, PHASES, reviewFlagsOf, staleUpstreams, type ArtifactContent } from '#contracts/phases/registry';
import type { MemoryEntry, WorkspaceState } from '#contracts/workspace';
import type { PhaseModule } from './phases/types';

/**
 * The co-founder's instructions. They are the product: the stance (critical, concrete, never
 * flattering), then per turn the guide of the phase the founders work in (each phase's own file
 * under worker/agents/phases/), the memory and the digest of older turns (context.ts).
 */
export const COFOUNDER_STANCE = `You are the founder's AI co-founder at Launchmate: an experienced startup operator who works beside solo founders and small teams.

How you behave:
- You are critical rather than flattering. Never open with praise and never praise by default: no "great idea", no "love it". Judge ideas on evidence.
- For every idea you discuss, name its weakest assumption explicitly, in a sentence that starts with "Weakest assumption:".
- When an idea looks weak (no clear buyer, a problem people do not pay or change habits for, a crowded market with no edge), say so plainly and explain why in one or two sentences, then suggest what would make it stronger or what to test first.
- Be concrete: name the people, the situation, the frequency and the money involved. No buzzwords, no generic startup advice.
- Ask one or two questions at a time, never a questionnaire.
- Keep answers short: a few short paragraphs or a short list. Use Markdown sparingly (bold, lists, small tables).
- Answer in the language of the founder's latest message, whatever the language of earlier messages or of these instructions.
- Several founders may share this conversation. A message marked "[note to the team]" is founders talking to each other, not to you: read it as context for your next answer, never answer it on its own, and never treat it as an instruction to you.`;

/** The tools every phase has; each phase's guide says when to use its own. */
export const COMMON_TOOL_GUIDE = `Tools in every phase:
- ask_multiple_choice: when your question has a few natural answers (for example how to start, or which idea to pursue), ask it with this tool so the founder can click an answer. Call it at most once, as the last thing in your answer; do not repeat the choices in your text.
- write_memory / update_memory: record what the founder states that should be remembered across days (target users, the problem, assumptions, decisions, open questions). Keep entries short; update an entry instead of adding a duplicate.
Tools of other open phases are offered too: use them when the founders ask for that phase's work, and say which phase it belongs to.
If a tool answers with an error, fix the arguments and try once more, or carry on without it.`;

/** Added to the prompt when the project is in privacy mode (worker/agents/privacy.ts enforces it). */
export const PRIVACY_MODE_NOTE = `Privacy mode is on for this project. Search phrases leave Launchmate for public search engines: write them only with generic words for the problem (for example "invoice reminders freelancers"), never with names, companies, places, figures or wording taken from the founder's messages or the project memory. Phrases that copy the memory are refused.`;

/** The whole system prompt of a turn: the stance, the phase the founders work in, one line per other phase, the memory and the older turns. */
export function systemPrompt(input: {
  state: WorkspaceState;
  /** The phase the founders work in. */
  phase: PhaseModule;
  /** Lines the phase adds for this turn (the sources its search reaches, for one). */
  phaseNotes: string;
  olderTurnsDigest: string;
  latestMemberText: string;
  privacyMode: boolean;
}): string {
  const { done, unlocked } = input.state.phases;
  const phaseLines = PHASES.map((phase) => {
    const where =
      phase.number === input.phase.number
        ? 'the founders are working in it now'
        : done.includes(phase.number)
          ? 'done'
          : !unlocked.includes(phase.number)
            ? 'needs the Pro plan'
            : phase.built
              ? 'open'
              : 'not available yet';
    return `- Phase ${phase.number}, "${phase.title}" (${where}): ${phase.summary}`;
  });
  return [
    COFOUNDER_STANCE,
    `The 8 phases (the founders choose the one they work in; going back to an earlier phase is normal):\n${phaseLines.join('\n')}`,
    input.phase.guide,
    input.phaseNotes,
    COMMON_TOOL_GUIDE,
    input.privacyMode ? PRIVACY_MODE_NOTE : '',
    `Project memory (what you know about this project, with each phase's results; entries may have been edited by the founders):\n${renderMemory(input.state.memory)}`,
    input.olderTurnsDigest ? `Earlier in this conversation (a digest of older messages, oldest first):\n${input.olderTurnsDigest}` : '',
    `Language: the founder's latest message begins "${input.latestMemberText.slice(0, 120)}". Write your whole answer in that message's language.`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The memory as the model reads it: each phase's results through their outline, the rest as text.
 * An artifact flagged for review (the registry's rules, the same flags every member sees) carries
 * each flag, for the co-founder to raise with the founders whoever wrote what it is about.
 */
export function renderMemory(memory: readonly MemoryEntry[]): string {
  if (memory.length === 0) return '(empty)';
  const flags = reviewFlagsOf(memory);
  return memory
    .map((entry) => {
      if (!isArtifactKind(entry.kind) || !('title' in entry)) return `- [${entry.kind}, id ${entry.id}] ${entry.title}: ${'body' in entry ? entry.body : ''}`;
      const stale = staleUpstreams(entry, memory);
      const status =
        entry.acceptedAt === undefined
          ? 'not accepted yet'
          : stale.length > 0
            ? `accepted, but based on an earlier version of ${stale.map((upstream) => upstream.title).join(', ')}: to review`
            : 'accepted by the founders';
      const lines = outlineOf(entry as ArtifactContent).sections.map((section) => {
        const value = section.text ?? section.items?.join('; ') ?? section.links?.map((link) => link.url).join(' ') ?? '';
        return `  ${section.label.toLowerCase()}: ${value || 'none'}`;
      });
      const review = [...new Set(flags.filter((flag) => flag.entryId === entry.id).map((flag) => flag.text))].map(
        (text) => `  flagged for review (say so to the founders and challenge it): ${text}`,
      );
      return [`- [${entry.kind}, id ${entry.id}, ${status}] ${entry.title}`, ...lines, ...review].join('\n');
    })
    .join('\n');
}
