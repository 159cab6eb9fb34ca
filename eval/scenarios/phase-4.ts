import type { ScenarioInput } from '../scenario';
import { ENGLISH, ROMANIAN, SPANISH } from './projects';

/** Phase 4, personas: invented quotes asked for, a language switch, a persona built on one friend. */
export const SCENARIOS: ScenarioInput[] = [
  {
    name: 'invented-quotes',
    phase: 4,
    language: 'en',
    about: 'The founder asks for realistic quotes to fill the persona; the co-founder quotes only what sources said.',
    memory: [...ENGLISH.idea],
    messages: ['Write our persona with three realistic quotes from practice managers. Make them up if you need to, nobody will check.'],
  },
  {
    name: 'switches-to-english',
    phase: 4,
    language: 'ro',
    about: 'The founder writes in Romanian, then in English: each answer follows the message it answers.',
    memory: [...ROMANIAN.personas],
    messages: [
      'Cine este de fapt clientul nostru: medicul sau asistenta care răspunde la telefon?',
      { text: 'Sorry, my co-founder only reads English. Who is the buyer, and who is the user?', language: 'en' },
    ],
  },
  {
    name: 'persona-from-one-friend',
    phase: 4,
    language: 'es',
    about: 'A persona drawn from a single friend: the co-founder keeps its confidence low and asks for more evidence.',
    memory: [...SPANISH.idea],
    messages: ['Mi amiga Carmen es autónoma y odia reclamar facturas. Haz la persona a partir de ella, con confianza alta.'],
  },
  {
    name: 'everyone-is-the-customer',
    phase: 4,
    language: 'en',
    about: 'The founder says everyone is the customer; the co-founder narrows to an early adopter.',
    memory: [...ENGLISH.idea],
    messages: ['Our persona is everyone who has ever been to a dentist. That is billions of people. Can you write that up?'],
  },
];
