import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'vite';
import { describe, expect, it } from 'vitest';
import { artifactKinds } from '#contracts/phases/registry';

/**
 * The engine names no phase (docs/architecture.md, "Adding a phase"): no engine file names a
 * phase by its folder's slug, by an artifact kind, by a tool of a phase or by its number. The
 * registries are the only way in: `worker/agents/phases/registry.ts`, `contracts/phases/registry.ts`
 * and `app/pages/app/workspace/phases/registry.tsx`. What counts is code: import paths, string
 * and template texts, and comparisons or calls with a phase number; comments are free to explain.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PHASE_FOLDERS = 'worker/agents/phases';

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/** The phases' own folders on each side, named by slug. */
const SLUGS = readdirSync(join(ROOT, PHASE_FOLDERS)).filter((entry) => entry !== 'common' && statSync(join(ROOT, PHASE_FOLDERS, entry)).isDirectory());
const inPhaseFolder = (file: string) => SLUGS.some((slug) => file.includes(`/phases/${slug}/`));

/** Every engine file: the object and its parts, the engine's tools and public types, the engine's contracts, and the workspace screens outside the phases' folders. */
export const ENGINE_FILES = [
  ...filesUnder('worker/agents').filter(
    (file) => !inPhaseFolder(file) && !file.startsWith(`${PHASE_FOLDERS}/common/`) && file !== `${PHASE_FOLDERS}/registry.ts`,
  ),
  'contracts/workspace.ts',
  'contracts/canvas.ts',
  ...filesUnder('app/pages/app/workspace').filter((file) => !inPhaseFolder(file) && !file.endsWith('phases/registry.tsx')),
];

/** Each phase's tool names: the values of the `…_TOOLS` exports of contracts/phases/*.ts. */
async function phaseToolNames(): Promise<string[]> {
  const names: string[] = [];
  for (const file of readdirSync(join(ROOT, 'contracts/phases'))) {
    const contract = (await import(join(ROOT, 'contracts/phases', file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(contract)) if (name.endsWith('_TOOLS')) names.push(...Object.values(value as Record<string, string>));
  }
  return names;
}

const NUMBER_CALLS = new Set(['includes', 'phaseModule', 'phaseOf', 'canOpen']);
const PHASE_WORDING = /\b[Pp]hase [1-9]\b/;

type Node = { type: string; start: number; end: number } & Record<string, unknown>;
const PHASE_FIELDS = /phase|current|done|unlocked/i;

/** Where `text` (the source of `file`) names a phase, parsed as the bundler parses it. */
export function phaseNames(file: string, text: string, names: { slugs: readonly string[]; kinds: readonly string[]; tools: readonly string[] }): string[] {
  const parsed = parseSync(file, text);
  if (parsed.errors.length > 0) throw new Error(`${file} does not parse: ${parsed.errors[0]!.message}`);
  const found: string[] = [];
  const at = (node: { start: number }) => `${file}:${text.slice(0, node.start).split('\n').length}`;
  const paths = new Set<number>();
  const importPath = (node: Node) => {
    const source = node.source as Node | null | undefined;
    if (!source || typeof source.value !== 'string') return;
    paths.add(source.start);
    if (names.slugs.some((slug) => (source.value as string).split('/').includes(slug)))
      found.push(`${at(node)} imports the phase folder ${source.value as string}`);
  };
  const checkText = (node: { start: number }, value: string) => {
    if (names.slugs.includes(value)) found.push(`${at(node)} names the phase '${value}'`);
    if (names.kinds.includes(value)) found.push(`${at(node)} names the artifact kind '${value}'`);
    const tool = names.tools.find((name) => new RegExp(`(^|[^a-z_])${name}($|[^a-z_])`).test(value));
    if (tool) found.push(`${at(node)} names the tool '${tool}'`);
    if (PHASE_WORDING.test(value)) found.push(`${at(node)} names a phase by number: "${value.match(PHASE_WORDING)![0]}"`);
  };
  const isNumber = (node: Node) => node.type === 'Literal' && typeof node.value === 'number';
  new Visitor({
    ImportDeclaration: (node: Node) => importPath(node),
    ExportNamedDeclaration: (node: Node) => importPath(node),
    ExportAllDeclaration: (node: Node) => importPath(node),
    ImportExpression: (node: Node) => importPath(node),
    Literal: (node: Node) => {
      if (typeof node.value === 'string' && !paths.has(node.start)) checkText(node, node.value);
    },
    TemplateElement: (node: Node) => checkText(node, (node.value as { cooked: string | null }).cooked ?? ''),
    CallExpression: (node: Node) => {
      const callee = node.callee as Node;
      const name =
        callee.type === 'MemberExpression' ? ((callee.property as Node).name as string) : callee.type === 'Identifier' ? (callee.name as string) : '';
      if (NUMBER_CALLS.has(name) && (node.arguments as Node[]).some(isNumber)) found.push(`${at(node)} calls ${name} with a phase number`);
    },
    BinaryExpression: (node: Node) => {
      if (node.operator !== '===' && node.operator !== '!==') return;
      const [left, right] = [node.left as Node, node.right as Node];
      const [number, other] = isNumber(right) ? [right, left] : [left, right];
      if (isNumber(number) && PHASE_FIELDS.test(text.slice(other.start, other.end)))
        found.push(`${at(node)} compares a phase with the number ${number.value as number}`);
    },
  } as never).visit(parsed.program);
  return found;
}

describe('the engine names no phase', () => {
  it('finds the engine files and the names to look for', async () => {
    expect(SLUGS).toEqual(expect.arrayContaining(['find-idea', 'problem-scale', 'competitors', 'personas']));
    expect(ENGINE_FILES).toEqual(expect.arrayContaining(['worker/agents/cofounder.ts', 'worker/agents/frames.ts', 'contracts/workspace.ts']));
    expect(ENGINE_FILES.some((file) => file.startsWith('app/pages/app/workspace/'))).toBe(true);
    expect(ENGINE_FILES.filter(inPhaseFolder)).toEqual([]);
    expect(await phaseToolNames()).toEqual(expect.arrayContaining(['save_chosen_idea', 'search_discussions', 'read_page', 'save_persona']));
  });

  it('in any engine file: no slug, artifact kind, phase tool or phase number', async () => {
    const names = { slugs: SLUGS, kinds: artifactKinds(), tools: await phaseToolNames() };
    const found = ENGINE_FILES.flatMap((file) => phaseNames(file, readFileSync(join(ROOT, file), 'utf8'), names));
    expect(found).toEqual([]);
  });

  it('fails on each way of naming a phase, and lets comments explain', () => {
    const names = { slugs: ['competitors'], kinds: ['competitor'], tools: ['read_page'] };
    const check = (text: string) => phaseNames('worker/agents/example.ts', text, names);
    expect(check("import { RUNS } from './phases/competitors/runs';")).toHaveLength(1);
    expect(check("const card = entry.kind === 'competitor';")).toHaveLength(1);
    expect(check('const card = `tool-read_page`;')).toHaveLength(1);
    expect(check('const paid = unlocked.includes(3);')).toHaveLength(1);
    expect(check('const here = phases.current === 3;')).toHaveLength(1);
    expect(check("const error = 'Phase 3 needs Pro';")).toHaveLength(1);
    expect(check('const module = phaseModule(1);')).toHaveLength(1);
    expect(check("// Phase 3's research runs (read_page, competitor cards) are phase 3's own.\nconst x = 1;")).toEqual([]);
    expect(check('const phase = phaseModule(number);')).toEqual([]);
    expect(relative(ROOT, join(ROOT, 'worker/agents/cofounder.ts'))).toBe('worker/agents/cofounder.ts');
  });
});
