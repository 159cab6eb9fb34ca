import { asSchema, type Tool } from 'ai';

/**
 * A real tool called by the offline demo co-founder: its input checked against the tool's own
 * schema, then its own execute, so the demo's artifacts pass the same checks as the model's (a
 * cited address, a quote, a card the map names) and the answer shows the call as it would be.
 */
export async function demoToolCall<Input, Output>(
  name: string,
  tool: Tool<Input, Output>,
  input: Input,
): Promise<{ name: string; input: Input; output: Output }> {
  const checked = await asSchema(tool.inputSchema).validate?.(input);
  if (checked && !checked.success) throw checked.error;
  if (!tool.execute) throw new Error(`The tool ${name} has nothing to run.`);
  const output = (await tool.execute(input, { toolCallId: `demo-${crypto.randomUUID()}`, messages: [], context: undefined as never })) as Output;
  return { name, input, output };
}
