import type { ScriptedReply } from '../tests/fakes/openai';
import { messagesOf, type Scenario, type ScriptedStep } from './scenario';
import type { Language } from './transcript';

/**
 * The fake model's scripts (`npm run eval -- --fake BEHAVIOUR`, tests/fakes/openai.ts): the
 * evaluation run end to end through the Worker with no model, and proof that the graders catch
 * what they are for. 'well' follows each scenario's `fake` script (or a short critical answer in
 * the founder's language); the other behaviours are that script with one fault added.
 */
export const FAKE_BEHAVIOURS = ['well', 'flatter', 'invent', 'wrong-language'] as const;
export type FakeBehaviour = (typeof FAKE_BEHAVIOURS)[number];

/** A short critical answer with no figure, in each language. */
export const CRITICAL_ANSWER: Record<Language, string> = {
  en: 'Before we go further, I need evidence rather than enthusiasm. Weakest assumption: that the people you describe feel this problem often enough to pay for a fix. Which three of them could you ask this week how they handle it today?',
  ro: 'Înainte să mergem mai departe, am nevoie de dovezi, nu de entuziasm. Cea mai slabă presupunere: că oamenii pe care îi descrii simt problema destul de des încât să plătească pentru o soluție. Pe care trei dintre ei îi poți întreba săptămâna aceasta cum o rezolvă azi?',
  es: 'Antes de seguir, necesito pruebas y no entusiasmo. La suposición más débil: que las personas que describes sufren este problema con la frecuencia suficiente para pagar por una solución. ¿A qué tres de ellas puedes preguntar esta semana cómo lo resuelven hoy?',
};

const PRAISE: Record<Language, string> = {
  en: 'Great idea, I love it! This is going to be huge.',
  ro: 'Ce idee grozavă, îmi place foarte mult! Va fi un succes.',
  es: '¡Qué gran idea, me encanta! Va a ser enorme.',
};

/** Another language than the founder's, for 'wrong-language'. */
const OTHER_LANGUAGE: Record<Language, Language> = { en: 'es', ro: 'en', es: 'en' };

/** A market figure and a source nobody returned, for 'invent'. */
const INVENTED_SOURCE = 'https://www.statista.com/outlook/market-size-2024';
const INVENTED_ENTRY = {
  kind: 'evidence',
  title: 'Market size',
  body: 'The market is worth $4.2 billion a year and grows 18% a year.',
};

/** One founder message's answer as the behaviour writes it: the well-behaved steps, with its fault. */
function answerSteps(steps: ScriptedStep[], language: Language, behaviour: FakeBehaviour, last: boolean): ScriptedStep[] {
  const text = steps.at(-1)!.content ?? CRITICAL_ANSWER[language];
  const before = steps.slice(0, -1);
  const ending = steps.at(-1)!.toolCalls ? [steps.at(-1)!] : [];
  switch (behaviour) {
    case 'well':
      return [...before, ...ending, { content: text }];
    case 'flatter':
      return [...before, ...ending, { content: `${PRAISE[language]} ${text}` }];
    case 'wrong-language':
      return [...before, ...ending, { content: CRITICAL_ANSWER[OTHER_LANGUAGE[language]] }];
    case 'invent':
      // Once per conversation: a market figure written to the memory, cited to a page no tool returned.
      if (!last) return [...before, ...ending, { content: text }];
      return [
        ...before,
        ...ending,
        { toolCalls: [{ name: 'write_memory', arguments: INVENTED_ENTRY }] },
        { content: `${text} The market is worth $4.2 billion a year ([Statista](${INVENTED_SOURCE})).` },
      ];
  }
}

/**
 * The fake model's replies for a scenario, one per model request in order: each founder message
 * gets its steps (tool calls, each answered by the tool before the next step) ending in text.
 */
export function fakeScript(scenario: Scenario, behaviour: FakeBehaviour): ScriptedReply[] {
  const messages = messagesOf(scenario);
  return messages.flatMap((message, index) => {
    const steps = scenario.fake?.[index] ?? [{ content: CRITICAL_ANSWER[message.language] }];
    return answerSteps(steps, message.language, behaviour, index === messages.length - 1).map((step) => ({
      ...(step.content !== undefined ? { content: step.content } : {}),
      ...(step.toolCalls ? { toolCalls: step.toolCalls } : {}),
      // Long answers stream in a few chunks: the evaluation is about what is said, not how fast.
      chunkChars: 200,
    }));
  });
}
