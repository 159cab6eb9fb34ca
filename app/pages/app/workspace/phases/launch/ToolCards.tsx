import { SavedNote } from '../SavedNote';
import type { ToolCardProps } from '../types';

/** The figures a saved asset's copy claims that no artifact of the memory states, as its tool answered them. */
export function unsupportedOf(output: unknown): string[] {
  const figures = output && typeof output === 'object' && 'unsupported' in output ? output.unsupported : null;
  return Array.isArray(figures) ? figures.filter((figure): figure is string => typeof figure === 'string') : [];
}

/**
 * A launch asset's tool card: what was saved, then the figures of its copy that no artifact of
 * the memory states, for the founders to back with evidence or cut.
 */
export const savedAssetNote = (what: string) =>
  function SavedAssetNote({ input, output, done }: ToolCardProps) {
    const unsupported = done ? unsupportedOf(output) : [];
    return (
      <>
        <SavedNote what={what} input={input} />
        {unsupported.length > 0 && (
          <p className="message__tool-note launch-tool__unsupported">
            No artifact of the memory states {unsupported.map((figure) => `“${figure}”`).join(', ')}: back {unsupported.length === 1 ? 'it' : 'them'} with
            evidence or cut {unsupported.length === 1 ? 'it' : 'them'}.
          </p>
        )}
      </>
    );
  };
