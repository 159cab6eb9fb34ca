import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { getAgentByName } from 'agents';
import type { CanvasItem } from '#contracts/canvas';
import { MemoryContentSchema, type MemoryContent, type MemoryEntry } from '#contracts/workspace';

/**
 * A project's memory and canvas for the export tests, written straight into its object: the
 * export reads what the workspace stored, however it got there. Every artifact goes through its
 * contract first, so the fixtures are ones the tools could have saved.
 */

export const LANGUAGES = {
  romanian: 'Știință și țară: fermierii își înțeleg bine câmpurile',
  chinese: '我们的客户是小型诊所的经理',
  arabic: 'العملاء يريدون حلا أبسط',
  hebrew: 'הלקוחות רוצים פתרון פשוט',
  emoji: 'Launch day 🚀',
} as const;

const member = { kind: 'member', userId: 'u-fixture', name: 'Ana Pop' } as const;
const READ_AT = '2026-11-20T09:30:00.000Z';

function entry(content: MemoryContent, index: number, accepted = false): MemoryEntry {
  const parsed = MemoryContentSchema.parse(content);
  return { ...parsed, id: `entry-${index}`, author: { kind: 'cofounder' }, updatedAt: Date.UTC(2026, 10, 21), version: 1, ...(accepted ? { acceptedAt: Date.UTC(2026, 10, 22) } : {}) } as MemoryEntry;
}

const steps = (unit: string) => ({
  unit,
  steps: [
    { operation: 'start', value: 120000, label: 'independent clinics', source: 'https://stats.example/clinics' },
    { operation: 'multiply', value: 0.25, label: 'share that book by phone', source: 'assumption' },
  ],
});

const competitor = (index: number) => ({
  kind: 'competitor',
  title: `Rival ${index}`,
  competitor: {
    category: index % 3 === 0 ? 'direct' : 'indirect',
    url: `https://rival-${index}.example/`,
    forWhom: `Clinics of size ${index}`,
    pricing: { status: 'found', quote: `$${index}9 per month`, url: `https://rival-${index}.example/pricing`, readAt: READ_AT },
    strengths: [{ text: `Strong brand ${index}`, source: `https://reviews.example/rival-${index}` }],
    weaknesses: [{ text: 'Slow support', source: 'assumption' }],
    checkedAt: READ_AT,
  },
});

const persona = (index: number) => ({
  kind: 'persona',
  title: `Dana ${index}`,
  persona: {
    role: 'Practice manager',
    age: 44,
    situation: `${LANGUAGES.romanian}. Runs the schedule of a four-chair clinic.`,
    jobs: { functional: ['Keep chairs booked'], social: [], emotional: ['Stop dreading cancellations'] },
    pains: [{ text: 'Late cancellations.', source: 'https://forum.example/thread-1' }],
    gains: [{ text: 'Slots refilled without calls.', source: 'assumption' }],
    usesToday: ['A paper waiting list'],
    reachAt: [{ name: 'Clinic managers forum', url: 'https://forum.example/' }],
    jobStories: ['When a patient cancels, I want to text the waiting list, so I can keep the chair busy.'],
    earlyAdopter: 'Clinics with a waiting list already.',
    quotes: [{ text: 'We lose two slots a day', url: 'https://forum.example/thread-1' }],
    confidence: 'medium',
    confidenceReasons: 'Two discussions and our research page.',
  },
});

/** A project at its limits: 100 memory entries with 30 competitors and 3 personas. */
export function fullMemory(): MemoryEntry[] {
  const contents: MemoryContent[] = [
    {
      kind: 'chosen_idea',
      title: 'Waiting lists for clinics',
      idea: {
        problem: `Clinics lose booked slots to late cancellations. ${LANGUAGES.chinese}`,
        whoHasIt: 'Independent dental clinics',
        proposedSolution: 'Text the waiting list when a slot frees up',
        whyNow: 'Patients answer texts, not calls',
        riskiestAssumption: 'Patients on the list still want earlier slots',
        openQuestions: [LANGUAGES.arabic, LANGUAGES.hebrew],
      },
    },
    {
      kind: 'scale_estimate',
      title: 'How many clinics',
      estimate: {
        segments: ['Dental clinics'],
        topDown: steps('clinics'),
        bottomUp: steps('clinics'),
        frequency: 'Daily',
        pain: 'Two slots a day',
        currentAlternatives: 'Phone calls',
        confidence: 'low',
        confidenceReasons: 'One source',
        evidence: [{ title: 'Clinic owners on cancellations', url: 'https://forum.example/thread-1', site: 'Forum' }],
      },
    },
    ...Array.from({ length: 30 }, (_, index) => competitor(index + 1)),
    {
      kind: 'landscape',
      title: 'Gaps and positions',
      landscape: {
        gaps: [{ title: 'Nobody texts', description: 'Every rival calls patients.', competitors: ['Rival 1'], evidence: [{ text: 'Calls only', source: 'https://reviews.example/rival-1' }] }],
        axes: { x: { label: 'Price', low: 'cheap', high: 'dear' }, y: { label: 'Automation', low: 'manual', high: 'automatic' } },
        placements: [
          { name: 'Rival 1', isIdea: false, x: 7, y: 3 },
          { name: 'Our idea', isIdea: true, x: 3, y: 8 },
        ],
      },
    },
    ...Array.from({ length: 3 }, (_, index) => persona(index + 1)),
  ] as MemoryContent[];
  const notes = Array.from({ length: 100 - contents.length }, (_, index): MemoryContent => ({ kind: index % 2 ? 'decision' : 'assumption', title: `Note ${index + 1}`, body: `${LANGUAGES.emoji} number ${index + 1}` }));
  return [...contents, ...notes].map((content, index) => entry(content, index, index < 2));
}

/** `count` notes in a grid, in two frames, with a connector between the first two. */
export function canvasItems(count: number): CanvasItem[] {
  const stamp = { version: 1, author: member, updatedBy: member, updatedAt: Date.UTC(2026, 10, 22) };
  const frames: CanvasItem[] = [
    { kind: 'frame', id: 'frame-a', title: 'Risks', x: -20, y: -40, width: 2400, height: 3000, ...stamp },
    { kind: 'frame', id: 'frame-b', title: 'Ideas', x: 2600, y: -40, width: 2400, height: 3000, ...stamp },
  ];
  const notes: CanvasItem[] = Array.from({ length: count }, (_, index) => ({
    kind: 'note',
    id: `note-${index}`,
    text: index === 0 ? `${LANGUAGES.romanian} ${LANGUAGES.chinese}` : `Canvas note ${index}`,
    colour: 'yellow',
    x: (index % 25) * 200,
    y: Math.floor(index / 25) * 140,
    width: 180,
    height: 120,
    frameId: index % 25 < 12 ? 'frame-a' : 'frame-b',
    ...(index === 1 ? { proposed: true } : {}),
    ...stamp,
  }));
  const connector: CanvasItem = { kind: 'connector', id: 'link-1', from: 'note-0', to: 'note-1', ...stamp };
  return [...frames, ...notes, connector];
}

/** Writes the memory and canvas into the project's object. */
export async function seedWorkspace(projectId: string, memory: MemoryEntry[], canvas: CanvasItem[]) {
  // Addressed as the Worker addresses it, so the object knows its name and has started.
  const stub = await getAgentByName(env.COFOUNDER, projectId);
  await runInDurableObject(stub, async (object, state) => {
    const workspace = object as unknown as { setState: (state: unknown) => void; state: object };
    workspace.setState({ ...workspace.state, memory });
    state.storage.sql.exec('CREATE TABLE IF NOT EXISTS canvas_items (id TEXT PRIMARY KEY, kind TEXT NOT NULL, data TEXT NOT NULL)');
    for (const item of canvas) state.storage.sql.exec('INSERT OR REPLACE INTO canvas_items (id, kind, data) VALUES (?, ?, ?)', item.id, item.kind, JSON.stringify(item));
  });
}
