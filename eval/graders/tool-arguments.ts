import { argumentProblem, toolsFor } from '../tool-schemas';
import { toolCallsOf } from '../transcript';
import { failIfAny, notApplicable, type Grader } from './grader';

/** Every tool call's arguments parse against the tool's own schema (eval/tool-schemas.ts): the one the model was given. */
export const toolArguments: Grader = {
  name: 'tool-arguments',
  meaning: "every tool call names a tool the co-founder has and its arguments parse against that tool's own schema",
  async grade(transcript) {
    const calls = toolCallsOf(transcript);
    if (calls.length === 0) return notApplicable('no tool was called');
    const tools = toolsFor(transcript);
    const problems: string[] = [];
    for (const call of calls) {
      const problem = await argumentProblem(tools, call.name, call.input);
      if (problem) problems.push(`${call.name}: ${problem}`);
    }
    return failIfAny(problems);
  },
};
