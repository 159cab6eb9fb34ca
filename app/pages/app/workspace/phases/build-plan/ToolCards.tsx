import type { ToolCardProps } from '../types';

const textOf = (value: unknown, key: string): string | null =>
  value && typeof value === 'object' && key in value && typeof (value as Record<string, unknown>)[key] === 'string'
    ? ((value as Record<string, unknown>)[key] as string)
    : null;

/** propose_replan: the revised plan waits for a member to accept it or keep the current one, under the build plan in the memory. */
export function ProposedReplanNote({ input, done, output, row }: ToolCardProps) {
  if (!done) return <p className="message__tool-note">Proposing a revised plan…</p>;
  // The sentence below ends the reason: its own closing stop would double it.
  const reason = textOf(input, 'reason')?.replace(/[.!?…]+\s*$/, '');
  const entryId = textOf(output, 'entryId');
  return (
    <p className="message__tool-note">
      Proposed a revised plan{reason ? `: ${reason}` : ''}. It waits for a member's answer: accept it or keep the current plan, under the build plan in the
      memory.
      {entryId && row.onReviewMemory && (
        <>
          {' '}
          <button type="button" className="message__inline-link" onClick={() => row.onReviewMemory?.(entryId)}>
            See the difference
          </button>
        </>
      )}
    </p>
  );
}
