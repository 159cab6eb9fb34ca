/**
 * The Worker's settings are named in three places: the schema (worker/config.ts), the production
 * values in wrangler.toml's [vars], and the README's settings table that operators read. A setting
 * added to one and forgotten in another is a deploy that silently runs on a default, or a knob
 * nobody knows about: these three must name the same settings.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_SOURCES } from '../../worker/config';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

/** The names assigned in wrangler.toml's [vars] table. */
function wranglerVars(): string[] {
  const [, afterVars = ''] = read('wrangler.toml').split(/^\[vars\]$/m);
  const vars = afterVars.split(/^\[/m)[0]!;
  return [...vars.matchAll(/^([A-Z0-9_]+)\s*=/gm)].map((match) => match[1]!).sort();
}

/** The setting names in the first column of the README's settings table (a row may name several). */
function readmeSettings(): string[] {
  const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(read('README.md'))?.[1] ?? '';
  const firstColumns = [...section.matchAll(/^\| ([^|]+)\|/gm)].map((match) => match[1]!);
  return firstColumns.flatMap((column) => [...column.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]!)).sort();
}

const schemaNames = (...sources: string[]) =>
  Object.entries(SETTING_SOURCES)
    .filter(([, source]) => sources.includes(source))
    .map(([name]) => name)
    .sort();

describe('the settings', () => {
  it("are the schema's vars exactly in wrangler.toml's [vars]", () => {
    expect(wranglerVars().length).toBeGreaterThan(30);
    expect(wranglerVars()).toEqual(schemaNames('var'));
  });

  it("are the schema's vars, secrets and addresses exactly in the README's settings table", () => {
    expect(readmeSettings()).toEqual(schemaNames('var', 'secret', 'address'));
  });
});
