import { useCallback, useState } from 'react';
import type { LimitName, SendRefusedFrame } from '#contracts/workspace';

const LIMIT_NAMES: Record<LimitName, string> = {
  member_daily: 'You have sent all the messages your plan allows per day',
  project_daily: 'This project has used all the messages its plan allows per day',
  global_daily: 'The co-founder has answered all the free messages it can today',
};

/** "resets at 00:00 (in 3 hours)", in the reader's time zone. */
export function resetsIn(resetsAt: number, now = Date.now()): string {
  const time = new Date(resetsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const minutes = Math.max(1, Math.round((resetsAt - now) / 60_000));
  const wait = minutes < 60 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(minutes / 60)} hour${Math.round(minutes / 60) === 1 ? '' : 's'}`;
  return `resets at ${time} (in ${wait})`;
}

/** The sentence the composer shows for a refused send: which limit and when it resets, or the server's reason. */
export function refusalMessage(frame: SendRefusedFrame, now = Date.now()): string {
  if (frame.reason === 'limit') return `${LIMIT_NAMES[frame.limit]}: the limit ${resetsIn(frame.resetsAt, now)}. Your message is kept below.`;
  return frame.error;
}

/**
 * The composer's text and the member's own message on its way. The text leaves the box only
 * once the server takes the message; a refusal puts it back with the reason.
 */
export function useOutgoing() {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The text of the message being sent, until the server takes or refuses it.
  const [sending, setSending] = useState<string | null>(null);

  const start = useCallback((text: string) => {
    setSending(text);
    setError(null);
  }, []);

  /** The server has the message: it leaves the box. */
  const accepted = useCallback(() => {
    if (sending === null) return;
    setDraft((current) => (current === sending ? '' : current));
    setSending(null);
  }, [sending]);

  /** Not sent: the text stays in the box (a quick reply's choice is put there) with the reason. */
  const refused = useCallback(
    (message: string) => {
      if (sending !== null) setDraft((current) => current || sending);
      setSending(null);
      setError(message);
    },
    [sending],
  );

  return { draft, setDraft, error, setError, sending: sending !== null, start, accepted, refused };
}
