/**
 * The import rules of docs/architecture.md ("Which way imports point"): every arrow points from
 * the screen or the route down to the shapes, and no module imports itself back in a cycle.
 * The imports are read from the source text (static `import … from` and `export … from`, and
 * dynamic `import('…')`), resolved the way Vite and TypeScript resolve them here. An import of
 * the form `import { type A }` counts as a value import: only `import type` is erased for sure.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_FOLDERS = ['app', 'worker', 'contracts'];

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

interface Rule {
  name: string;
  from: RegExp;
  to: RegExp;
  /** Type-only imports are allowed across this arrow (they leave nothing in the bundle). */
  allowTypes?: boolean;
}

export const RULES: Rule[] = [
  { name: 'contracts/ imports neither the app nor the Worker', from: /^contracts\//, to: /^(app|worker)\// },
  // The one exception: worker/ssr/render-app.tsx renders the app's route table for public pages,
  // and only the Worker's entry, worker/ssr/entry.ts, imports it (docs/decisions/0034).
  { name: 'the Worker does not import the app', from: /^worker\/(?!ssr\/render-app\.tsx$)/, to: /^app\// },
  {
    name: 'the render reads the app through its route table and rendered-page provider only',
    from: /^worker\/ssr\/render-app\.tsx$/,
    to: /^app\/(?!routes\.tsx$|lib\/rendered-page\.tsx$)/,
  },
  {
    name: "only the Worker's entry imports the render of public pages",
    from: /^(?!worker\/ssr\/entry\.ts$)/,
    to: /^worker\/ssr\/(render-app\.tsx|entry\.ts)$/,
  },
  { name: 'the app takes only types from the Worker', from: /^app\//, to: /^worker\//, allowTypes: true },
  { name: "the app's one view of the Worker is ApiType", from: /^app\//, to: /^worker\/(?!index\.ts$)/ },
  { name: 'app/lib is below components and pages', from: /^app\/lib\//, to: /^app\/(components|pages)\// },
  { name: 'components know no page', from: /^app\/components\//, to: /^app\/pages\// },
  { name: 'content knows no screen, component or client code', from: /^app\/content\//, to: /^app\/(components|pages|lib)\// },
  { name: 'worker/lib is below everything else in the Worker', from: /^worker\/lib\//, to: /^worker\/(?!lib\/)/ },
  { name: 'db is the bottom of the Worker', from: /^worker\/db\//, to: /^worker\/(services|middleware|routes|agents|emails|page-data)\// },
  { name: 'services, middleware, e-mails and page data are below routes', from: /^worker\/(services|middleware|emails|page-data)\//, to: /^worker\/routes\// },
  { name: 'services do not reach up into middleware', from: /^worker\/(services|emails)\//, to: /^worker\/middleware\// },
  // project-lifecycle.ts is the one door into the co-founder's object for the rest of the Worker.
  {
    name: 'below routes, the co-founder is reached only through agents/project-lifecycle.ts',
    from: /^worker\/(services|middleware|emails|page-data)\//,
    to: /^worker\/agents\/(?!project-lifecycle\.ts$)/,
  },
];

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder))) {
    const path = join(folder, entry);
    if (statSync(join(ROOT, path)).isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The repository path a specifier names, or null for a package. A relative or #contracts
 * specifier that names no file throws: skipping it would let a forbidden import pass unseen.
 */
function resolveSpecifier(fromFile: string, specifier: string): string | null {
  const path = specifier.replace(/\?.*$/, '');
  let base: string;
  if (path.startsWith('#contracts/')) base = join(ROOT, 'contracts', path.slice('#contracts/'.length));
  else if (path.startsWith('.')) base = resolve(ROOT, dirname(fromFile), path);
  else return null;
  const withoutJs = base.replace(/\.js$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${withoutJs}.ts`, `${withoutJs}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const file = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!file) throw new Error(`${fromFile}: cannot resolve the import '${specifier}'`);
  return relative(ROOT, file);
}

export function readImports(file: string, text: string): Import[] {
  const imports: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4];
    if (!specifier) continue;
    const to = resolveSpecifier(file, specifier);
    // A style sheet or asset is not code.
    if (!to || !/\.(ts|tsx)$/.test(to)) continue;
    imports.push({ from: file, to, typeOnly: Boolean(match[2]) });
  }
  return imports;
}

export function violations(imports: Import[], rules: Rule[] = RULES): string[] {
  return imports.flatMap((edge) =>
    rules
      .filter((rule) => rule.from.test(edge.from) && rule.to.test(edge.to) && !(rule.allowTypes && edge.typeOnly))
      .map((rule) => `${edge.from} → ${edge.to}: ${rule.name}`),
  );
}

/** Every cycle of value imports, as the list of files around it. */
export function cycles(imports: Import[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of imports) if (!edge.typeOnly) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      found.push(path.slice(at));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const to of next.get(file) ?? []) visit(to);
    path.pop();
    done.add(file);
  };
  for (const file of next.keys()) visit(file);
  return found;
}

/**
 * Every cycle among the files of contracts/, type-only imports included: shapes that name each
 * other in a circle belong in one file, or what they share in a file of its own (contracts/plans.ts).
 */
export function contractCycles(imports: Import[]): string[][] {
  const between = imports.filter((edge) => edge.from.startsWith('contracts/') && edge.to.startsWith('contracts/'));
  return cycles(between.map((edge) => ({ ...edge, typeOnly: false })));
}

/**
 * The phases' own folders on each side (docs/architecture.md, "Adding a phase"). The engine
 * reaches a phase only through its registry, and a phase reaches the engine only through the
 * engine's public surface; shared phase code (`phases/common/`, and the app's shared phase
 * components directly under `phases/`) is open to every phase.
 */
const PHASE_SIDES = [
  {
    folder: 'worker/agents/phases/',
    engine: 'worker/agents/',
    registry: 'worker/agents/phases/registry.ts',
    public: ['worker/agents/phases/types.ts', 'worker/agents/tools/actions.ts'],
  },
  {
    folder: 'app/pages/app/workspace/phases/',
    engine: 'app/pages/app/workspace/',
    registry: 'app/pages/app/workspace/phases/registry.tsx',
    public: ['app/pages/app/workspace/phases/types.ts'],
  },
];

/** The phase folder a file belongs to (`…/phases/<slug>/`), or null. */
function phaseFolderOf(file: string): string | null {
  for (const side of PHASE_SIDES) {
    const match = file.startsWith(side.folder) ? /^([^/]+)\//.exec(file.slice(side.folder.length)) : null;
    if (match && match[1] !== 'common') return `${side.folder}${match[1]}/`;
  }
  return null;
}

/** Imports that cross between the engine and a phase other than through the registry and the engine's public surface. */
export function phaseBoundaryViolations(imports: Import[]): string[] {
  return imports.flatMap((edge) => {
    const side = PHASE_SIDES.find((candidate) => edge.from.startsWith(candidate.engine));
    if (!side) return [];
    const fromPhase = phaseFolderOf(edge.from);
    const toPhase = phaseFolderOf(edge.to);
    if (!fromPhase && toPhase && edge.from !== side.registry) return [`${edge.from} → ${edge.to}: the engine reaches a phase only through its registry`];
    if (fromPhase && toPhase && toPhase !== fromPhase) return [`${edge.from} → ${edge.to}: a phase does not import another phase`];
    const toEngine = edge.to.startsWith(side.engine) && !toPhase && !edge.to.startsWith(`${side.folder}common/`);
    // The app's shared phase components live directly under phases/ (Acceptance, ArtifactFields).
    const sharedComponent = side.folder.startsWith('app/') && edge.to.startsWith(side.folder) && !edge.to.slice(side.folder.length).includes('/');
    if (fromPhase && toEngine && !side.public.includes(edge.to) && !sharedComponent && edge.to !== side.registry)
      return [`${edge.from} → ${edge.to}: a phase reaches the engine only through its public types`];
    return [];
  });
}

const ALL_IMPORTS = SOURCE_FOLDERS.flatMap(sourceFiles).flatMap((file) => readImports(file, readFileSync(join(ROOT, file), 'utf8')));

describe('import rules', () => {
  it('reads the imports of the whole tree', () => {
    // A parser that found nothing would make every rule pass.
    expect(ALL_IMPORTS.length).toBeGreaterThan(300);
    expect(ALL_IMPORTS).toContainEqual({ from: 'app/lib/api.ts', to: 'worker/index.ts', typeOnly: true });
  });

  it('has no arrow from a lower layer to a higher one', () => {
    expect(violations(ALL_IMPORTS)).toEqual([]);
  });

  it('keeps the engine and the phases apart: the registry is the way in, the public types the way out', () => {
    expect(ALL_IMPORTS.filter((edge) => phaseFolderOf(edge.from) !== null).length).toBeGreaterThan(50);
    expect(phaseBoundaryViolations(ALL_IMPORTS)).toEqual([]);
    const fake = (from: string, text: string) => phaseBoundaryViolations(readImports(from, text));
    expect(fake('worker/agents/cofounder.ts', "import { RUN_ACTIONS } from './phases/competitors/runs';")).toHaveLength(1);
    expect(fake('worker/agents/phases/personas/save-persona.ts', "import { saveCompetitor } from '../competitors/save-competitor';")).toHaveLength(1);
    expect(fake('worker/agents/phases/personas/save-persona.ts', "import { createEntry } from '../../memory';")).toHaveLength(1);
    expect(fake('worker/agents/phases/personas/save-persona.ts', "import type { PhaseModule } from '../types';")).toEqual([]);
    expect(fake('worker/agents/phases/registry.ts', "import { PERSONAS } from './personas';")).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(ALL_IMPORTS)).toEqual([]);
  });

  it('has no import cycle among the contract files, not even through type-only imports', () => {
    expect(ALL_IMPORTS).toContainEqual({ from: 'contracts/user.ts', to: 'contracts/plans.ts', typeOnly: true });
    expect(contractCycles(ALL_IMPORTS)).toEqual([]);
  });

  it('catches a forbidden arrow, a value import of the Worker, and a cycle', () => {
    const fake = (from: string, text: string) => readImports(from, text);
    expect(violations(fake('worker/db/queries/accounts.ts', "import { x } from '../../services/email';"))).toEqual([
      'worker/db/queries/accounts.ts → worker/services/email.ts: db is the bottom of the Worker',
    ]);
    expect(violations(fake('app/lib/api.ts', "import { api } from '../../worker/index';"))).toHaveLength(1);
    expect(violations(fake('app/lib/api.ts', "import type { ApiType } from '../../worker/index';"))).toEqual([]);
    expect(violations(fake('contracts/auth.ts', "const page = import('../app/pages/auth/SignIn');"))).toHaveLength(1);
    expect(violations(fake('app/pages/app/Dashboard.tsx', "import type { Bindings } from '../../../worker/env';"))).toEqual([
      "app/pages/app/Dashboard.tsx → worker/env.ts: the app's one view of the Worker is ApiType",
    ]);
    expect(violations(fake('worker/routes/pages.ts', "import { PAGE_META } from '#contracts/pages/page-meta';"))).toEqual([]);
    expect(violations(fake('worker/ssr/render-app.tsx', "import { routes } from '../../app/routes';"))).toEqual([]);
    expect(violations(fake('worker/ssr/render-app.tsx', "import { api } from '../../app/lib/api';"))).toEqual([
      'worker/ssr/render-app.tsx → app/lib/api.ts: the render reads the app through its route table and rendered-page provider only',
    ]);
    expect(violations(fake('worker/ssr/client-assets.ts', "import { routes } from '../../app/routes';"))).toEqual([
      'worker/ssr/client-assets.ts → app/routes.tsx: the Worker does not import the app',
    ]);
    expect(violations(fake('worker/routes/pages.ts', "import { renderApp } from '../ssr/render-app';"))).toEqual([
      "worker/routes/pages.ts → worker/ssr/render-app.tsx: only the Worker's entry imports the render of public pages",
    ]);
    expect(() => fake('worker/routes/pages.ts', "import { x } from '../../app/content/gone';")).toThrow(/cannot resolve/);
    expect(
      cycles([
        { from: 'a.ts', to: 'b.ts', typeOnly: false },
        { from: 'b.ts', to: 'a.ts', typeOnly: false },
      ]),
    ).toEqual([['a.ts', 'b.ts']]);
    // A type-only arrow back closes a circle among the contracts, though not among value imports.
    const circle = [
      ...fake('contracts/user.ts', "import { PasswordSchema } from './auth';"),
      ...fake('contracts/auth.ts', "import type { OwnedProject } from '#contracts/user';"),
    ];
    expect(cycles(circle)).toEqual([]);
    expect(contractCycles(circle)).toEqual([['contracts/user.ts', 'contracts/auth.ts']]);
  });
});
