import type { ToolCardProps } from './types';

/** What a call that saved to the memory says in its message: what it saved, and the title or name the co-founder gave it. */
export function SavedNote({ what, input }: { what: string; input: unknown }) {
  const title = input && typeof input === 'object' && 'title' in input && typeof input.title === 'string' ? input.title : null;
  const named = input && typeof input === 'object' && 'name' in input && typeof input.name === 'string' ? input.name : null;
  return (
    <p className="message__tool-note">
      {what}
      {(title ?? named) && (
        <>
          : <strong>{title ?? named}</strong>
        </>
      )}
    </p>
  );
}

/** The tool card of a tool that saves an artifact: `what` it saved, then the title or name it gave it. */
export const savedNote = (what: string) =>
  function SavedArtifactNote({ input }: ToolCardProps) {
    return <SavedNote what={what} input={input} />;
  };
