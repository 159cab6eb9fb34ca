import { describe, expect, it } from 'vitest';
import { ChosenIdeaContentSchema } from '#contracts/phases/find-idea';
import { FIND_IDEA_DEMO, shortName } from '../../worker/agents/phases/find-idea/demo';
import type { FounderWords } from '../../worker/agents/phases/types';

const IDEA = 'I want to help small dental clinics stop losing money to no-shows';
const textOf = (step: (typeof FIND_IDEA_DEMO)[number], words: FounderWords) => (typeof step.text === 'function' ? step.text(words) : step.text);

describe("the offline demo co-founder in phase 1 uses the founder's own words", () => {
  it('names an idea by its meaningful words, never cut mid-clause', () => {
    expect(shortName(IDEA)).toBe('Small dental clinics');
    expect(shortName('An app for dog walkers to find clients nearby')).toBe('Dog walkers');
    expect(shortName('Invoice reminders for freelance designers')).toBe('Invoice reminders');
    expect(shortName('   ')).toBe('Your idea');
  });

  it('quotes the idea, compares it, and saves it as the chosen idea within its contract', async () => {
    const words: FounderWords = { latest: 'A', idea: IDEA };
    expect(textOf(FIND_IDEA_DEMO[0]!, words)).toContain(`You wrote: “${IDEA}”`);
    expect(textOf(FIND_IDEA_DEMO[2]!, words)).toContain('| | A: Small dental clinics |');
    expect(textOf(FIND_IDEA_DEMO[3]!, words)).toContain('A working name for the project: **Small dental clinics**');
    const saved: unknown[] = [];
    const actions = { saveArtifact: (content: unknown) => (saved.push(content), { id: 'idea' }), acceptArtifact: async () => ({}) };
    await FIND_IDEA_DEMO[3]!.act!(actions as never, 'A', words);
    expect(ChosenIdeaContentSchema.parse(saved[0])).toMatchObject({ title: 'Small dental clinics', idea: { problem: IDEA } });
  });

  it('keeps its examples for a founder who has no idea yet', () => {
    const words: FounderWords = { latest: 'Help me brainstorm ideas', idea: null };
    expect(textOf(FIND_IDEA_DEMO[0]!, words)).not.toContain('You wrote');
    expect(textOf(FIND_IDEA_DEMO[2]!, words)).toContain('A: Scheduling assistant for clinics');
  });
});
