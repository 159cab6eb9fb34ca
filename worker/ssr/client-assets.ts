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
  /** The entry's own CSS, which the shell links. */
  entryStylesheets: string[];
  /** The CSS of the page's route modules and what they render, in cascade order. */
  stylesheets: string[];
  /** The scripts of the route modules, to preload. */
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
  return {
    entryStylesheets: (manifest['index.html']?.css ?? []).map((file) => `/${file}`),
    stylesheets: files(styled, (chunk) => chunk.css ?? []),
    scripts: files(scripts, (chunk) => [chunk.file]),
  };
}

/** A built stylesheet's text, with its SHA-256 (base64) for the CSP's `style-src`. */
export interface Stylesheet {
  text: string;
  sha256: string;
}

// Built stylesheets never change within a deploy: an isolate reads and hashes each once.
const stylesheetCache = new Map<string, Stylesheet>();

/**
 * Built stylesheets (`/assets/…css`), to write into a rendered page; null when one cannot be
 * read or could not sit inside a `<style>` element, and the page links them instead.
 */
export async function readStylesheets(env: Bindings, hrefs: string[]): Promise<Stylesheet[] | null> {
  const sheets = await Promise.all(hrefs.map((href) => readStylesheet(env, href)));
  return sheets.every((sheet) => sheet !== null) ? sheets : null;
}

async function readStylesheet(env: Bindings, href: string): Promise<Stylesheet | null> {
  const cached = stylesheetCache.get(href);
  if (cached) return cached;
  const response = await env.ASSETS.fetch(new URL(href, 'https://assets.invalid'));
  if (!response.ok) return null;
  const text = await response.text();
  if (/<\/style/i.test(text)) return null;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const sheet = { text, sha256: btoa(String.fromCharCode(...digest)) };
  stylesheetCache.set(href, sheet);
  return sheet;
}
