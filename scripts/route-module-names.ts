import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');
const ROUTE_TABLE = resolve(ROOT, 'app/routes.tsx');
/** A page's lazy import in the route table: `page(() => import('./pages/…')`. */
const PAGE_IMPORT = /\bpage\(\(\) => import\('(\.\/[^']+)'\)/g;

/**
 * In the Worker's build only, names each page of the route table by its module's path as the
 * client build's manifest names it (`app/pages/marketing/Landing.tsx`): `page(() => import('./x'))`
 * becomes `namedPage('app/x.tsx', () => import('./x'))`. The Worker links the CSS and preloads
 * the scripts of the modules a rendered page is made of (worker/ssr/client-assets.ts,
 * docs/decisions/0034). The name is read from the import itself, so it cannot disagree with it,
 * and the browser's entry chunk carries none of these names (bench/bundle-size.mjs).
 */
export function routeModuleNames(): Plugin {
  return {
    name: 'launchmate:route-module-names',
    enforce: 'pre',
    transform(code, id) {
      if (this.environment.name === 'client' || id !== ROUTE_TABLE) return;
      // MagicString keeps the Worker's source map of the route table true to the source.
      const named = new MagicString(code);
      for (const match of code.matchAll(PAGE_IMPORT)) {
        const specifier = match[1]!;
        named.overwrite(match.index, match.index + match[0].length, `namedPage('${modulePath(specifier)}', () => import('${specifier}')`);
      }
      return { code: named.toString(), map: named.generateMap({ hires: true, source: id }) };
    },
  };
}

/** The manifest's name of a module imported from the route table; a build error if there is none. */
function modulePath(specifier: string): string {
  const base = resolve(dirname(ROUTE_TABLE), specifier);
  const file = [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`app/routes.tsx imports '${specifier}', which names no module`);
  return relative(ROOT, file);
}
