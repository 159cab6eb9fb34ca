import type { Bindings } from '../env';

/** One chunk of Vite's client build manifest (`build.manifest`): what it needs to run. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Where the client build writes its manifest (vite.config.ts). */
export const CLIENT_MANIFEST_PATH = '/.vite/manifest.json';

// One manifest per deploy: an isolate reads it once.
let cached: Manifest | undefined;

/** The client build's manifest from the static assets; null when there is none (`vite dev`). */
export async function clientManifest(env: Bindings): Promise<Manifest | null> {
  if (cached) return cached;
  const response = await env.ASSETS.fetch(new URL(CLIENT_MANIFEST_PATH, 'https://assets.invalid'));
  if (!response.ok) return null;
  cached = (await response.json()) as Manifest;
  return cached;
}

export interface RouteAssets {
  stylesheets: string[];
  scripts: string[];
}

/**
 * The files a rendered page needs, beyond the entry the shell already names: the CSS of its
 * route modules, of what they import, and of the lazy parts they render on the server (the
 * landing page's sections), so nothing shows unstyled; and the scripts of its route modules and
 * their imports, to preload, in the order they run. The entry's own files are left out.
 */
export function routeAssets(manifest: Manifest, modules: string[]): RouteAssets {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  walk('index.html', entry);

  const scripts = new Set<string>();
  for (const module of modules) walk(module, scripts);
  const styled = new Set(scripts);
  for (const module of modules) for (const lazy of manifest[module]?.dynamicImports ?? []) walk(lazy, styled);

  const files = (keys: Set<string>, pick: (chunk: ManifestChunk) => string[]) =>
    [...new Set([...keys].filter((key) => !entry.has(key)).flatMap((key) => pick(manifest[key]!)))].map((file) => `/${file}`);
  return { stylesheets: files(styled, (chunk) => chunk.css ?? []), scripts: files(scripts, (chunk) => [chunk.file]) };
}
