/**
 * Every colour of the app comes from the design tokens in app/styles/base.css: a colour written
 * anywhere else is a colour the next change of palette misses. Radii come from tokens too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOKENS = 'app/styles/base.css';

// Hex colours, colour functions, and the named colours a hand would type.
const COLOUR =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![\w-])(?:white|black|red|green|blue|gray|grey|silver|orange|yellow|purple|pink|navy|teal|maroon|olive|lime|aqua|fuchsia)(?![\w-])/gi;

function cssFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [relative(ROOT, join(ROOT, path))] : [];
  });
}

/** What a style sheet says, without comments and without the insides of url(…) (icons drawn as masks). */
function declarations(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/url\((['"]?)[\s\S]*?\1\)/g, 'url()');
}

export function colourLiterals(css: string): string[] {
  return declarations(css).match(COLOUR) ?? [];
}

export function literalRadii(css: string): string[] {
  return [...declarations(css).matchAll(/border(?:-[a-z]+)*-radius\s*:\s*([^;}]+)/g)]
    .map((match) => match[1]!.trim())
    .filter((value) => !/^(?:var\(--radius[\w-]*\)\s*)+$|^0$|^inherit$/.test(value));
}

describe('design tokens', () => {
  const sheets = cssFiles('app').filter((file) => file !== TOKENS);

  it('finds the style sheets', () => {
    expect(sheets.length).toBeGreaterThan(40);
  });

  it('has no colour outside app/styles/base.css', () => {
    const found = sheets.flatMap((file) => colourLiterals(readFileSync(join(ROOT, file), 'utf8')).map((colour) => `${file}: ${colour}`));
    expect(found).toEqual([]);
  });

  it('has no radius outside the radius tokens', () => {
    const found = sheets.flatMap((file) => literalRadii(readFileSync(join(ROOT, file), 'utf8')).map((radius) => `${file}: ${radius}`));
    expect(found).toEqual([]);
  });

  it('catches a literal and ignores tokens, comments and mask icons', () => {
    expect(colourLiterals('.a { color: #fecaca; border: 1px solid rgb(0 0 0 / 0.1); }')).toEqual(['#fecaca', 'rgb(']);
    expect(colourLiterals('.a { background: White; white-space: nowrap; }')).toEqual(['White']);
    expect(colourLiterals('.a { color: var(--color-brand); } /* was #fff */ .b { --icon: url("data:image/svg+xml,%3Csvg stroke=\'black\'%3E"); }')).toEqual([]);
    expect(literalRadii('.a { border-radius: 4px; } .b { border-top-left-radius: var(--radius); } .c { border-radius: 0; }')).toEqual(['4px']);
  });
});
