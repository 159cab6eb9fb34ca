import { describe, expect, it } from 'vitest';
import { PlaceCanvasNotesInputSchema } from '#contracts/canvas';
import { ChosenIdeaContentSchema } from '#contracts/phases/find-idea';
import { demoSubject, shortName } from '../../worker/agents/phases/common/demo-subject';
import { FIND_IDEA_DEMO } from '../../worker/agents/phases/find-idea/demo';
import type { FounderWords } from '../../worker/agents/phases/types';

const IDEA = 'I want to help small dental clinics stop losing money to no-shows';
const demoWords = (said: Pick<FounderWords, 'latest' | 'idea'>): FounderWords => ({
  people: null,
  privacyMode: false,
  subject: demoSubject([], said.idea),
  memory: [],
  ...said,
});
const textOf = (step: (typeof FIND_IDEA_DEMO)[number], words: FounderWords) => (typeof step.text === 'function' ? step.text(words) : step.text);

describe("the offline demo co-founder in phase 1 uses the founder's own words", () => {
  it('names an idea by its meaningful words, never cut mid-clause', () => {
    expect(shortName(IDEA)).toBe('Small dental clinics');
    expect(shortName('An app for dog walkers to find clients nearby')).toBe('Dog walkers');
    expect(shortName('Invoice reminders for freelance designers')).toBe('Invoice reminders');
    expect(shortName('   ')).toBe('Your idea');
  });

  it('quotes the idea, compares it, and saves it as the chosen idea within its contract', async () => {
    const words = demoWords({ latest: 'A', idea: IDEA });
    expect(textOf(FIND_IDEA_DEMO[0]!, words)).toContain(`You wrote: “${IDEA}”`);
    expect(textOf(FIND_IDEA_DEMO[2]!, words)).toContain('| | A: Small dental clinics |');
    expect(textOf(FIND_IDEA_DEMO[3]!, words)).toContain('A working name for the project: **Small dental clinics**');
    const saved: unknown[] = [];
    const actions = { saveArtifact: (content: unknown) => (saved.push(content), { id: 'idea' }), acceptArtifact: async () => ({}) };
    await FIND_IDEA_DEMO[3]!.act!(actions as never, 'A', words);
    expect(ChosenIdeaContentSchema.parse(saved[0])).toMatchObject({ title: 'Small dental clinics', idea: { problem: IDEA } });
  });

  it("puts the chosen idea and its open questions on the canvas as proposals, within the tool's contract", async () => {
    const words = demoWords({ latest: 'A', idea: IDEA });
    const placed: [unknown, string][] = [];
    const actions = {
      placeCanvasNotes: (input: unknown, toolCallId: string) => (
        placed.push([input, toolCallId]),
        [{ kind: 'frame' }, { kind: 'note' }, { kind: 'note' }, { kind: 'note' }, { kind: 'note' }]
      ),
    };
    const call = await FIND_IDEA_DEMO[3]!.tool!({ actions } as never, { toolCallId: 'demo-1', words });
    expect(placed).toHaveLength(1);
    const input = PlaceCanvasNotesInputSchema.parse(placed[0]![0]);
    expect(placed[0]![1]).toBe('demo-1');
    expect(input.notes.map((note) => note.text)).toEqual([
      'Small dental clinics',
      'Riskiest assumption: That the people who have it pay to solve it.',
      'Who pays?',
      'How often does it happen?',
    ]);
    expect(call).toEqual({ name: 'place_canvas_notes', input, output: { placed: 4, proposals: true } });
    expect(textOf(FIND_IDEA_DEMO[3]!, words)).toContain('I put it on the canvas');
  });

  it('keeps its examples for a founder who has no idea yet', () => {
    const words = demoWords({ latest: 'Help me brainstorm ideas', idea: null });
    expect(textOf(FIND_IDEA_DEMO[0]!, words)).not.toContain('You wrote');
    expect(textOf(FIND_IDEA_DEMO[2]!, words)).toContain('A: Scheduling assistant for clinics');
  });
});
