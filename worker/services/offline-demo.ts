import { IDEAS_PER_REQUEST, type BusinessIdea, type GeneratedPersona } from '#contracts/free-tools';

/**
 * The offline demo generator: canned, clearly labelled answers so every screen can be tried in
 * local development without an LLM key. Never used in tests or production (see llmMode).
 */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

const PATTERNS: [string, string][] = [
  [
    'Small {x} businesses lose hours every week re-entering the same data into several tools.',
    'A connector that syncs their two most-used tools and flags mismatches daily.',
  ],
  ['Newcomers to {x} cannot tell which suppliers are trustworthy before paying.', 'A review exchange where only verified buyers can rate suppliers.'],
  [
    'Prices in {x} change weekly, and buyers overpay because they cannot compare quotes.',
    'A quote tracker that alerts buyers when a price drops below their last purchase.',
  ],
  [
    'Teams in {x} keep compliance paperwork in spreadsheets and miss renewal deadlines.',
    'A renewal calendar that reads documents and reminds the owner 30 days ahead.',
  ],
  ['Independent {x} professionals struggle to find their first ten clients.', 'A matchmaking list that pairs them with clients who asked for help this week.'],
  [
    'Customers of {x} services wait days for answers to simple questions.',
    'A shared answer library that the front desk fills once and customers search themselves.',
  ],
  [
    'Training new staff in {x} takes a senior person away from paying work.',
    'Short recorded walkthroughs of the ten most common tasks, with a checklist per role.',
  ],
  ['Equipment in {x} breaks without warning and halts work for a day.', 'A maintenance log with reminders based on hours of use, shared with the repair shop.'],
  [
    '{x} businesses cannot see which marketing channel brought their best customers.',
    'A one-question "how did you find us" flow tied to each sale, with a monthly summary.',
  ],
  ['Cash is tight in {x} because invoices are paid late.', 'Automatic, polite payment reminders with a one-click way to pay in instalments.'],
];

export async function* offlineBusinessIdeas(industry: string, signal: AbortSignal): AsyncGenerator<BusinessIdea> {
  for (const [problem, solution] of PATTERNS.slice(0, IDEAS_PER_REQUEST)) {
    await pause(120, signal);
    yield { problem: problem.replace('{x}', industry), solution };
  }
}

/** A canned persona per kind of product, picked by the words of the description. */
interface PersonaDomain {
  words: RegExp;
  persona: GeneratedPersona;
}

const persona = (fields: GeneratedPersona) => fields;

const PERSONA_DOMAINS: PersonaDomain[] = [
  {
    words: /physio|rehab|clinic|patient|therap|dental|dentist|doctor|health|medical|nurse/i,
    persona: persona({
      name: 'Elena Petrova',
      age: 38,
      occupation: 'Physiotherapist running a three-room private practice',
      traits: ['Caring', 'Methodical', 'Short on time'],
      quote: 'Half my patients stop their exercises the week they feel a little better.',
      where: ['Professional association newsletters', 'Clinical Facebook groups', 'Continuing-education courses'],
      narrative_description:
        'Elena treats twelve patients a day and writes notes and exercise plans in the evenings. She wants her patients to recover faster and her admin to shrink.',
      problem: 'Patients drop their home exercises between sessions, so recovery takes longer and they blame the treatment.',
      pains: ['Paper exercise sheets that get lost', 'No idea who is doing the exercises until the next visit'],
      goals: ['Better outcomes she can show', 'Fewer evening hours on notes'],
      objections: ['Patients over 60 may not use an app', 'Health data rules she cannot afford to get wrong'],
    }),
  },
  {
    words: /learn|teach|student|school|course|tutor|code|coding|education|class/i,
    persona: persona({
      name: 'Marcus Lee',
      age: 27,
      occupation: 'Support agent teaching himself to code at night',
      traits: ['Driven', 'Self-taught', 'Budget-conscious'],
      quote: 'I finish every tutorial and still freeze when I open an empty file.',
      where: ['YouTube coding channels', 'r/learnprogramming', 'Discord study groups'],
      narrative_description: 'Marcus works shifts in customer support and studies two evenings a week, hoping to switch careers within a year.',
      problem: 'Tutorials feel like progress, but he cannot build anything on his own and does not know what to practise next.',
      pains: ['Courses that assume free daytime', 'Nobody to review his code'],
      goals: ['A first junior role within a year', 'A portfolio he is not embarrassed by'],
      objections: ['Another subscription on a tight budget', 'Doubt that software can replace a mentor'],
    }),
  },
  {
    words: /restaurant|cafe|café|food|kitchen|menu|chef|bakery|bar\b|catering/i,
    persona: persona({
      name: 'Sofia Marino',
      age: 44,
      occupation: 'Owner of a 40-seat neighbourhood restaurant',
      traits: ['Hands-on', 'Practical', 'Tired of tech promises'],
      quote: "Every Sunday night I guess the week's orders, and every Friday I find out I guessed wrong.",
      where: ['Local restaurant owner groups', 'Supplier reps', 'Hospitality trade shows'],
      narrative_description: 'Sofia runs the floor at lunch and the books after close. Margins are thin and waste is her biggest leak.',
      problem: 'Food waste and last-minute supplier orders eat the margin she works sixty hours a week for.',
      pains: ['Stock counts on paper', 'Staff who forget to log what was thrown away'],
      goals: ['Cut waste by a fifth', 'Close the books in an hour, not a night'],
      objections: ['No time to train staff', 'Tablets do not survive a kitchen'],
    }),
  },
  {
    words: /shop|store|retail|e-?commerce|sell|seller|marketplace|inventory/i,
    persona: persona({
      name: 'Priya Nair',
      age: 35,
      occupation: 'Founder of an online shop selling handmade ceramics',
      traits: ['Creative', 'Detail-oriented', 'Stretched thin'],
      quote: 'I make things for two days and answer messages about shipping for three.',
      where: ['Etsy seller forums', 'Instagram', 'Craft fair circuits'],
      narrative_description: 'Priya runs the shop alone: making, photographing, packing and answering customers.',
      problem: 'Admin around orders (shipping questions, returns, stock) takes more of her week than making products.',
      pains: ['The same customer questions every day', 'Stock that is wrong across two sales channels'],
      goals: ['Two more making days a week', 'Grow without hiring yet'],
      objections: ['Fees that eat a small margin', 'Automated replies that feel impersonal'],
    }),
  },
];

const GENERIC_PERSONA = persona({
  name: 'Maria Ionescu',
  age: 34,
  occupation: 'Operations lead at a 20-person company',
  traits: ['Pragmatic', 'Busy', 'Skeptical of new tools'],
  quote: 'I will try anything that saves me an hour this week, not next quarter.',
  where: ['LinkedIn groups for operations managers', 'Industry newsletters', 'Local meetups'],
  narrative_description:
    'Maria keeps a small company running: suppliers, schedules, invoices. She evaluates tools on weekends and drops anything that needs a week of setup.',
  problem: 'Too much of her week goes to repetitive coordination work that nobody else owns.',
  pains: ['Tools that do not talk to each other', 'Surprises discovered too late'],
  goals: ['Leave work on time twice a week', 'Show her manager measurable savings'],
  objections: ['Another subscription to justify', 'Fear of migrating data and breaking what works'],
});

/** The canned persona nearest to the product described, so the demo at least fits its field. */
export function offlinePersonaFor(productDescription: string): GeneratedPersona {
  return PERSONA_DOMAINS.find((domain) => domain.words.test(productDescription))?.persona ?? GENERIC_PERSONA;
}

export async function* offlineUserPersona(productDescription: string, signal: AbortSignal): AsyncGenerator<Partial<GeneratedPersona>, GeneratedPersona> {
  const chosen = offlinePersonaFor(productDescription);
  const partial: Partial<GeneratedPersona> = {};
  for (const key of Object.keys(chosen) as (keyof GeneratedPersona)[]) {
    await pause(150, signal);
    Object.assign(partial, { [key]: chosen[key] });
    yield { ...partial };
  }
  return chosen;
}
