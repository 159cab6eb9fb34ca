/** How the product names the AI in the workspace. */
export const COFOUNDER_NAME = 'AI co-founder';

/** Up to two initials of a name: "Ada Lovelace" → "AL", "ada@example.com" → "A". */
export function initials(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => [...word][0]!.toUpperCase()).join('') || '?';
}

/** A round badge with initials; decorative, since the name is always written beside it or in its label. */
export function Avatar({ name, cofounder = false }: { name: string; cofounder?: boolean }) {
  return (
    <span className={`avatar${cofounder ? ' avatar--cofounder' : ''}`} aria-hidden="true" title={name}>
      {cofounder ? 'AI' : initials(name)}
    </span>
  );
}
