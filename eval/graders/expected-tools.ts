import { toolCallsOf } from '../transcript';
import { failIfAny, notApplicable, type Grader } from './grader';

/** The scenario's expectations of the tools: what the co-founder should have done (searched before sizing), and what it must not (saved a plan past the appetite). */
export const expectedTools: Grader = {
  name: 'expected-tools',
  meaning: 'the tools the scenario expects were called and succeeded, and the ones it rules out were not called',
  grade(transcript) {
    const { calls = [], notCalls = [] } = transcript.expect ?? {};
    if (calls.length + notCalls.length === 0) return notApplicable('the scenario expects nothing of the tools');
    const made = toolCallsOf(transcript);
    return failIfAny([
      ...calls.filter((name) => !made.some((call) => call.name === name && call.error === undefined)).map((name) => `${name} was expected and did not succeed`),
      ...notCalls.filter((name) => made.some((call) => call.name === name)).map((name) => `${name} was called, which the scenario rules out`),
    ]);
  },
};
