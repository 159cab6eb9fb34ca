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
  ['Small {x} businesses lose hours every week re-entering the same data into several tools.', 'A connector that syncs their two most-used tools and flags mismatches daily.'],
  ['Newcomers to {x} cannot tell which suppliers are trustworthy before paying.', 'A review exchange where only verified buyers can rate suppliers.'],
  ['Prices in {x} change weekly, and buyers overpay because they cannot compare quotes.', 'A quote tracker that alerts buyers when a price drops below their last purchase.'],
  ['Teams in {x} keep compliance paperwork in spreadsheets and miss renewal deadlines.', 'A renewal calendar that reads documents and reminds the owner 30 days ahead.'],
  ['Independent {x} professionals struggle to find their first ten clients.', 'A matchmaking list that pairs them with clients who asked for help this week.'],
  ['Customers of {x} services wait days for answers to simple questions.', 'A shared answer library that the front desk fills once and customers search themselves.'],
  ['Training new staff in {x} takes a senior person away from paying work.', 'Short recorded walkthroughs of the ten most common tasks, with a checklist per role.'],
  ['Equipment in {x} breaks without warning and halts work for a day.', 'A maintenance log with reminders based on hours of use, shared with the repair shop.'],
  ['{x} businesses cannot see which marketing channel brought their best customers.', 'A one-question "how did you find us" flow tied to each sale, with a monthly summary.'],
  ['Cash is tight in {x} because invoices are paid late.', 'Automatic, polite payment reminders with a one-click way to pay in instalments.'],
];

export async function* offlineBusinessIdeas(industry: string, signal: AbortSignal): AsyncGenerator<BusinessIdea> {
  for (const [problem, solution] of PATTERNS.slice(0, IDEAS_PER_REQUEST)) {
    await pause(120, signal);
    yield { problem: problem.replace('{x}', industry), solution };
  }
}

export async function* offlineUserPersona(productDescription: string, signal: AbortSignal): AsyncGenerator<Partial<GeneratedPersona>, GeneratedPersona> {
  const persona: GeneratedPersona = {
    name: 'Maria Ionescu',
    age: 34,
    occupation: 'Operations lead at a 20-person company',
    traits: ['Pragmatic', 'Busy', 'Skeptical of new tools'],
    quote: `I would try "${productDescription}" if it saved me an hour this week, not next quarter.`,
    where: ['LinkedIn groups for operations managers', 'Industry newsletters', 'Local meetups'],
    narrative_description:
      'Maria keeps a small company running: suppliers, schedules, invoices. She evaluates tools on weekends and drops anything that needs a week of setup.',
    problem: 'Too much of her week goes to repetitive coordination work that nobody else owns.',
    pains: ['Tools that do not talk to each other', 'Surprises discovered too late'],
    goals: ['Leave work on time twice a week', 'Show her manager measurable savings'],
    objections: ['Another subscription to justify', 'Fear of migrating data and breaking what works'],
  };
  const partial: Partial<GeneratedPersona> = {};
  for (const key of Object.keys(persona) as (keyof GeneratedPersona)[]) {
    await pause(150, signal);
    Object.assign(partial, { [key]: persona[key] });
    yield { ...partial };
  }
  return persona;
}
