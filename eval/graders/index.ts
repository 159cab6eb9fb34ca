import { citedAddresses } from './cited-addresses';
import { expectedTools } from './expected-tools';
import { figuresSourced } from './figures-sourced';
import { founderLanguage } from './founder-language';
import type { Grader } from './grader';
import { opensWithoutPraise } from './opens-without-praise';
import { phaseRules } from './phase-rules';
import { privacy } from './privacy';
import { toolArguments } from './tool-arguments';

/** The deterministic graders, in the scorecard's order; the judge (./judge.ts) is added when a judge model is configured. */
export const GRADERS: readonly Grader[] = [
  toolArguments,
  citedAddresses,
  figuresSourced,
  founderLanguage,
  opensWithoutPraise,
  privacy,
  phaseRules,
  expectedTools,
];

export type { Grade, Grader } from './grader';
