import { appetiteWeeks, answersANeed } from '#contracts/phases/shape-solution';
import { launchClaimFlags } from '#contracts/phases/launch';
import { artifactDefinition, artifactSchema, evidenceBefore, isArtifactKind } from '#contracts/phases/registry';
import type { MemoryEntry } from '#contracts/workspace';
import { readSlip } from '../../worker/agents/phases/build-plan/slip';
import { personaNeedsOf } from '../../worker/agents/phases/shape-solution/memory-reads';
import { contentOf, writtenByCofounder } from '../transcript';
import { failIfAny, notApplicable, type Grader } from './grader';

type Entry<Kind extends MemoryEntry['kind']> = Extract<MemoryEntry, { kind: Kind }>;
const ofKind = <Kind extends MemoryEntry['kind']>(memory: readonly MemoryEntry[], kind: Kind) =>
  memory.filter((entry): entry is Entry<Kind> => entry.kind === kind);

const LAUNCH_ASSETS = ['landing_copy', 'product_hunt_kit', 'show_hn_post', 'launch_email'] as const;

/**
 * The rules of each phase, read from the contracts and the phases' own helpers rather than
 * restated: what the co-founder saved must hold them in the memory as it stands at the end.
 */
function problemsOf(entry: MemoryEntry, memory: readonly MemoryEntry[]): string[] {
  const problems: string[] = [];
  const name = `${entry.kind} "${entry.title}"`;
  // Every artifact parses against its contract's schema: the pitch's appetite, one idea per traction
  // channel and a promising inner ring, a build plan's milestones inside its weeks.
  if (isArtifactKind(entry.kind)) {
    const parsed = artifactSchema(entry.kind)!.safeParse(contentOf(entry));
    if (!parsed.success) for (const issue of parsed.error.issues.slice(0, 3)) problems.push(`${name}: ${issue.message}`);
  }
  if (entry.kind === 'value_map') {
    // Every pain reliever answers a pain, and every gain creator a gain, that a persona of the memory states.
    const personas = personaNeedsOf(memory);
    for (const fit of entry.valueMap.relievers)
      if (!answersANeed(fit, 'pains', personas)) problems.push(`${name}: the reliever "${fit.text.slice(0, 60)}" answers no persona's pain`);
    for (const fit of entry.valueMap.creators)
      if (!answersANeed(fit, 'gains', personas)) problems.push(`${name}: the gain creator "${fit.text.slice(0, 60)}" answers no persona's gain`);
  }
  if (entry.kind === 'build_plan') {
    // The plan fits the pitch's appetite, and its longest chain and each owner's load fit the plan's weeks.
    const pitch = ofKind(memory, 'pitch')[0];
    if (pitch && entry.plan.weeks > appetiteWeeks(pitch.pitch.appetite))
      problems.push(`${name}: ${entry.plan.weeks} weeks, past the pitch's ${pitch.pitch.appetite} appetite`);
    for (const warning of readSlip(entry.plan).warnings) problems.push(`${name}: ${warning}`);
  }
  if ((LAUNCH_ASSETS as readonly string[]).includes(entry.kind)) {
    // A launch asset claims no figure, superlative or guarantee that the earlier phases' artifacts
    // do not back: the contract's own review flag, as every member sees it.
    const [flag] = launchClaimFlags([entry], () => evidenceBefore(memory, artifactDefinition(entry.kind)!.phase.number));
    if (flag) problems.push(`${name}: ${flag.text}`);
  }
  return problems;
}

export const phaseRules: Grader = {
  name: 'phase-rules',
  meaning:
    "what the co-founder saved keeps its phase's rules: its contract's schema (appetite, one ring per channel), relievers tied to the personas' pains, a plan within the appetite, launch copy with no figure the evidence lacks",
  grade(transcript) {
    const written = writtenByCofounder(transcript).filter((entry) => isArtifactKind(entry.kind));
    if (written.length === 0) return notApplicable('the co-founder saved no artifact');
    return failIfAny(written.flatMap((entry) => problemsOf(entry, transcript.memory)));
  },
};
