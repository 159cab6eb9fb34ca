import type { MemoryContent, MemoryEntry } from '#contracts/workspace';
import type { ToolCall, Transcript, Turn } from '../../eval/transcript';

/**
 * Hand-written transcripts for the evaluation's graders (eval/graders/): one that behaves well
 * on every count, and the faults each grader must catch, each a small change of it.
 */

const MEMBER = { kind: 'member', userId: 'u-ana', name: 'Ana' } as const;
const COFOUNDER = { kind: 'cofounder' } as const;

let ids = 0;
export const entry = (content: MemoryContent, author: MemoryEntry['author'] = MEMBER, extra: Partial<MemoryEntry> = {}): MemoryEntry =>
  ({ ...content, id: `entry-${++ids}`, author, updatedAt: 1_760_000_000_000, version: 1, ...extra }) as MemoryEntry;

export const DISCUSSION_URL = 'https://news.ycombinator.com/item?id=41000001';
export const OTHER_DISCUSSION_URL = 'https://example.com/41000008';

export const CHOSEN_IDEA = entry({
  kind: 'chosen_idea',
  title: 'Listas de espera para clínicas dentales',
  idea: {
    problem: 'Las clínicas dentales pierden citas por cancelaciones de última hora.',
    whoHasIt: 'Clínicas dentales independientes',
    proposedSolution: 'Avisar por SMS a la lista de espera cuando se libera un hueco',
    whyNow: 'Los pacientes contestan mensajes, no llamadas',
    riskiestAssumption: 'Los pacientes en lista de espera quieren adelantar su cita',
    openQuestions: [],
  },
});

export const SEARCH: ToolCall = {
  name: 'search_discussions',
  input: { queries: ['pacientes cancelan cita dentista', 'dental no-shows last minute'] },
  output: {
    queries: ['pacientes cancelan cita dentista', 'dental no-shows last minute'],
    sources: [{ source: 'hacker_news', status: 'ok', found: 2, cachedQueries: 0 }],
    discussions: [
      {
        id: 'hacker_news:41000001',
        source: 'hacker_news',
        kind: 'story',
        site: 'news.ycombinator.com',
        title: 'Ask HN: Is dental no-shows a problem for you too?',
        excerpt: 'Every week we lose 6 appointments; about 120 a year for our four chairs.',
        url: DISCUSSION_URL,
        score: 120,
        comments: 10,
        views: null,
        createdAt: '2025-01-01T09:30:00Z',
      },
      {
        id: 'hacker_news:41000008',
        source: 'hacker_news',
        kind: 'story',
        site: 'example.com',
        title: 'Show HN: A tool for dental no-shows (2)',
        excerpt: '',
        url: OTHER_DISCUSSION_URL,
        score: 102,
        comments: 16,
        views: null,
        createdAt: '2025-03-03T09:30:00Z',
      },
    ],
  },
};

export const ESTIMATE_INPUT = {
  title: 'Clínicas dentales, España',
  estimate: {
    segments: ['Clínicas dentales independientes'],
    topDown: {
      steps: [
        { operation: 'start', value: 22000, label: 'clínicas dentales en España', source: 'assumption' },
        { operation: 'multiply', value: 0.3, label: 'parte que gestiona la agenda por teléfono', source: 'assumption' },
      ],
      unit: 'clínicas',
    },
    bottomUp: {
      steps: [{ operation: 'start', value: 120, label: 'citas perdidas al año por clínica', source: DISCUSSION_URL }],
      unit: 'citas',
    },
    frequency: 'Cada semana, unas 6 citas perdidas.',
    pain: 'Sillones vacíos y personal parado; cuánto dinero supone es una suposición por confirmar.',
    currentAlternatives: 'Llamadas de teléfono a mano.',
    confidence: 'low',
    confidenceReasons: 'Dos discusiones y ninguna cifra oficial.',
    evidence: [{ title: 'Ask HN: Is dental no-shows a problem for you too?', url: DISCUSSION_URL, site: 'Hacker News' }],
  },
};

export const SAVE_ESTIMATE: ToolCall = {
  name: 'save_scale_estimate',
  input: ESTIMATE_INPUT,
  output: { saved: { id: 'entry-estimate', version: 1 }, topDown: { result: 6600, unit: 'clínicas' }, bottomUp: { result: 120, unit: 'citas' } },
};

export const ESTIMATE = entry({ kind: 'scale_estimate', ...ESTIMATE_INPUT } as MemoryContent, COFOUNDER, { id: 'entry-estimate' });

const FOUNDER: Turn = {
  role: 'founder',
  text: 'Mi clienta, Lucía Ferrer de Clínica Sonrisa, pierde muchas citas. ¿Cuántas clínicas tienen este problema?',
  language: 'es',
};

const ANSWER: Turn = {
  role: 'cofounder',
  text: `He buscado discusiones con palabras genéricas, sin nombres. Una clínica cuenta que pierde unas 6 citas por semana ([Ask HN](${DISCUSSION_URL})). La suposición más débil: que las clínicas pagarían por llenarlas. He guardado una estimación con confianza baja: casi todas las cifras son suposiciones. ¿Puedes preguntar a tres clínicas cuántas cancelaciones tienen al mes?`,
  toolCalls: [SEARCH, SAVE_ESTIMATE],
  status: 'complete',
};

/** Phase 2 in Spanish, in privacy mode: it searched with generic words, cited what it found and labelled its assumptions. */
export function wellBehaved(): Transcript {
  return {
    scenario: 'hand-written',
    phase: 2,
    run: 1,
    model: 'hand-written',
    privacyMode: true,
    appUrl: 'http://127.0.0.1:8787',
    privateNames: ['Lucía Ferrer', 'Clínica Sonrisa'],
    judge: [],
    expect: { calls: ['search_discussions', 'save_scale_estimate'] },
    turns: [FOUNDER, ANSWER],
    startingMemory: [CHOSEN_IDEA],
    memory: [CHOSEN_IDEA, ESTIMATE],
    teamMembers: [{ userId: 'u-ana', name: 'Ana' }],
    searches: [
      { source: 'hacker-news', query: 'pacientes cancelan cita dentista' },
      { source: 'hacker-news', query: 'dental no-shows last minute' },
    ],
  };
}

/** The well-behaved transcript with its one answer changed. */
export function withAnswer(change: (answer: Extract<Turn, { role: 'cofounder' }>) => Partial<Extract<Turn, { role: 'cofounder' }>>): Transcript {
  const transcript = wellBehaved();
  transcript.turns = transcript.turns.map((turn) => (turn.role === 'cofounder' ? { ...turn, ...change(turn) } : turn));
  return transcript;
}

// ---------------------------------------------------------------------------------------------
// Later phases' artifacts, for the phase rules

export const PERSONA = entry({
  kind: 'persona',
  title: 'Dana Whitfield',
  persona: {
    role: 'Practice manager',
    age: 44,
    situation: 'Runs the schedule of a four-chair clinic.',
    jobs: { functional: ['Keep chairs booked'], social: [], emotional: ['Stop dreading cancellations'] },
    pains: [{ text: 'Late cancellations leave chairs empty.', source: 'assumption' }],
    gains: [{ text: 'Slots refilled without calls.', source: 'assumption' }],
    usesToday: ['A paper waiting list'],
    reachAt: [],
    jobStories: ['When a patient cancels, I want to text the waiting list, so I can keep the chair busy.'],
    earlyAdopter: 'Clinics with a waiting list already.',
    quotes: [],
    confidence: 'low',
    confidenceReasons: 'Mostly assumptions.',
  },
} as MemoryContent);

export const valueMap = (painAnswered: string) =>
  entry(
    {
      kind: 'value_map',
      title: 'Waiting-list texts',
      valueMap: {
        products: ['Waiting-list texts'],
        relievers: [{ text: 'Texts the list the minute a slot frees up', answers: { persona: 'Dana Whitfield', text: painAnswered } }],
        creators: [{ text: 'Fills the slot with no phone call', answers: { persona: 'Dana Whitfield', text: 'Slots refilled without calls.' } }],
      },
    } as MemoryContent,
    COFOUNDER,
  );

export const PITCH = entry({
  kind: 'pitch',
  title: 'Waiting-list texts',
  pitch: {
    problem: 'Dana loses two slots a day to late cancellations.',
    appetite: '2 weeks',
    elements: [
      { name: 'Waiting list', description: 'Patients who want an earlier slot.' },
      { name: 'Text on cancel', description: 'One text to the list when a slot frees up.' },
    ],
    flows: ['A patient cancels, the list gets a text, the first to answer gets the slot.'],
    rabbitHoles: [],
    noGos: ['No calendar sync'],
  },
} as MemoryContent);

export const buildPlan = (weeks: number, estimateDays: number) =>
  entry(
    {
      kind: 'build_plan',
      title: 'First version',
      plan: {
        weeks,
        milestones: [{ id: 'm1', title: 'First clinic live', week: weeks }],
        tractionGoal: 'First 3 clinics using it',
        tasks: [
          { id: 't1', title: 'Waiting list form', estimateDays, dependsOn: [], owner: null, milestone: 'm1', status: 'todo' },
          { id: 't2', title: 'Text on cancel', estimateDays: 2, dependsOn: ['t1'], owner: null, milestone: 'm1', status: 'todo' },
        ],
        techChoices: [],
      },
    } as MemoryContent,
    COFOUNDER,
  );

export const landingCopy = (benefit: string) =>
  entry(
    {
      kind: 'landing_copy',
      title: 'Landing page',
      copy: {
        headline: 'Fill cancelled slots without a phone call',
        subhead: 'A text to your waiting list the minute a patient cancels.',
        benefits: [
          { text: benefit, source: 'Persona: Dana Whitfield' },
          { text: 'Slots refilled without calls.', source: 'Persona: Dana Whitfield' },
          { text: 'Patients who want earlier slots get them.', source: 'assumption' },
        ],
        callToAction: 'Join the pilot',
        faq: [{ question: 'Will patients mind the texts?', answer: 'Only patients who joined the list get them.' }],
      },
    } as MemoryContent,
    COFOUNDER,
  );

/** A later-phase transcript whose co-founder saved `saved` over a memory that held `before`. */
export function savedArtifacts(before: MemoryEntry[], saved: MemoryEntry[]): Transcript {
  return { ...wellBehaved(), phase: 5, privacyMode: false, expect: undefined, startingMemory: before, memory: [...before, ...saved] };
}
