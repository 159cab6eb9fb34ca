// The co-founder's system prompt per phase, in tokens (o200k_base, the GPT-4o family's
// encoding, through gpt-tokenizer): the prompt of a turn holds the stance, one line per phase,
// the guide of the phase the founders work in and the memory, never every guide, so it must not
// grow with the number of phases built. Measured with an empty memory and no older turns, and
// beside it what one prompt holding every built guide would weigh.
//   node bench/phase-prompt.mjs
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { runnerImport } from 'vite';
import { recordFigures, root } from './support.mjs';

const load = async (path) => (await runnerImport(path, { root, configFile: false, logLevel: 'silent' })).module;
const [{ systemPrompt }, { builtModules }, { PHASES, unlockedPhases }] = await Promise.all([
  load('/worker/agents/prompts.ts'),
  load('/worker/agents/phases/registry.ts'),
  load('/contracts/phases/registry.ts'),
]);

/** What phase 2's notes say with the three discussion sources configured. */
const env = { REDDIT_CLIENT_ID: 'bench', REDDIT_CLIENT_SECRET: 'bench' };
const unlocked = unlockedPhases('pro');
const modules = builtModules(unlocked);
const prompt = (module) =>
  systemPrompt({
    state: { phases: { done: [], current: module.number, unlocked }, memory: [], presence: [], limits: {}, mode: 'ai' },
    phase: module,
    phaseNotes: module.notes?.(env) ?? '',
    olderTurnsDigest: '',
    latestMemberText: 'Hello',
    privacyMode: false,
  });

const rows = modules.map((module) => ({
  phase: module.number,
  title: PHASES.find((phase) => phase.number === module.number).title,
  tokens: encode(prompt(module)).length,
}));
const everyGuide = encode(
  prompt(modules[0]) +
    modules
      .slice(1)
      .map((module) => `\n\n${module.guide}`)
      .join(''),
).length;

console.log('System prompt per phase (empty memory, no older turns), o200k_base tokens:');
for (const row of rows) console.log(`  phase ${row.phase} ${row.title.padEnd(42)} ${String(row.tokens).padStart(6)}`);
console.log(`  one prompt holding all ${modules.length} built guides (what the engine avoids) ${everyGuide}`);
recordFigures('phase-prompt', [
  ...rows.map((row) => ({ figure: `system prompt, phase ${row.phase}`, value: row.tokens, unit: 'tokens' })),
  { figure: 'system prompt with every built guide', value: everyGuide, unit: 'tokens' },
]);
