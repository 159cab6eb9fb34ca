/**
 * US dollars per million tokens, input and output, by model name: what `--max-cost` estimates a
 * run with. Providers change their prices; override them with `--price-in` and `--price-out` (or
 * EVAL_PRICE_INPUT and EVAL_PRICE_OUTPUT). A name not listed has no price, and `--max-cost`
 * refuses to guess one. A local server (llama.cpp, Ollama) costs nothing: give 0 and 0.
 */
export const PRICES: Record<string, { input: number; output: number }> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
};

export type Price = { input: number; output: number };

/** The price of a model: the override when given, else the table's (a dated name such as 'gpt-4o-2024-08-06' reads as 'gpt-4o'). */
export function priceOf(model: string, override: { input?: number; output?: number }): Price | null {
  const listed =
    PRICES[model] ??
    Object.entries(PRICES)
      .filter(([name]) => model.startsWith(`${name}-`))
      .sort(([a], [b]) => b.length - a.length)[0]?.[1];
  if (override.input !== undefined && override.output !== undefined) return { input: override.input, output: override.output };
  if (!listed) return null;
  return { input: override.input ?? listed.input, output: override.output ?? listed.output };
}

export const dollars = (tokens: { input: number; output: number }, price: Price) => (tokens.input * price.input + tokens.output * price.output) / 1_000_000;
