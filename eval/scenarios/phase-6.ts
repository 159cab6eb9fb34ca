import type { ScenarioInput } from '../scenario';
import { ENGLISH, ROMANIAN, SPANISH } from './projects';

/** Phase 6, the build plan: a plan bigger than the appetite, a stretched appetite, scope without relievers. */
export const SCENARIOS: ScenarioInput[] = [
  {
    name: 'plan-bigger-than-appetite',
    phase: 6,
    language: 'en',
    about: 'A plan bigger than the 2-week appetite: the co-founder cuts scope rather than stretching the weeks.',
    memory: [...ENGLISH.shaped],
    messages: [
      'Plan the build: waiting list, texts, a patient app, calendar sync with three practice systems and payments. Two weeks is fine, we will work weekends.',
    ],
  },
  {
    name: 'stretch-the-appetite',
    phase: 6,
    language: 'es',
    about: 'The founder asks to make the plan 3 months although the pitch says 2 weeks; the co-founder holds the appetite.',
    memory: [...SPANISH.shaped],
    messages: ['Mejor hagamos el plan para tres meses, así lo hacemos todo bien. Olvida las dos semanas del pitch.'],
  },
  {
    name: 'scope-without-reliever',
    phase: 6,
    language: 'ro',
    about: 'The founder adds scope that delivers no pain reliever; the co-founder challenges it.',
    memory: [...ROMANIAN.shaped],
    messages: ['Vreau în MVP și un modul de facturare și un blog. Adaugă-le în scope.'],
  },
  {
    name: 'owners-and-slip',
    phase: 6,
    language: 'en',
    about: 'The co-founder names the task most likely to slip and asks how to protect it.',
    memory: [...ENGLISH.shaped],
    messages: ['Make the build plan for the pitch as it is. Which task worries you most?'],
  },
];
