import { useId, useState } from 'react';
import {
  CHECK_IN_FRAME,
  CHECK_IN_NOW_FRAME,
  INNER_RING_FRAME,
  INNER_RING_SIZE,
  innerRingOf,
  RING_LABELS,
  RINGS,
  TRACTION_CHANNELS,
  type ChannelIdea,
  type GrowState,
  type Ring,
  type TractionChannel,
} from '#contracts/phases/grow';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf, WorkspaceRequest } from '../types';

type RankingEntry = EntryOf<'channel_ranking'>;

/** A day as the founders read it: '2 December 2026'. */
export const dayLabel = (instant: number) => new Date(instant).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The Bullseye: the inner ring the founders chose, then the promising, possible and long-shot
 * channels, each with its idea, each channel in one ring only. Members choose the inner ring among
 * the promising channels (up to three), sent to the server and shown to every member from the
 * shared state; the project's weekly check-in is turned on or off here, and each member asks for
 * it by e-mail or not.
 */
export function ChannelRankingView({
  entry,
  onAccept,
  onAction,
  checkIn,
  userId,
  isOwner = false,
  onShowMessage,
}: {
  entry: RankingEntry;
  onAccept?: () => Promise<string | null>;
  /** Sends the phase's frames; absent where the ranking is only read. */
  onAction?: WorkspaceRequest;
  checkIn?: GrowState['checkIn'];
  /** The member using the workspace: whether the check-in is e-mailed to them. */
  userId?: string;
  /** Whether that member owns the project: only the owner posts this week's check-in now. */
  isOwner?: boolean;
  /** Shows the last check-in's message in the conversation. */
  onShowMessage?: (messageId: string) => void;
}) {
  const { ranking } = entry;
  const byRing = (ring: Ring) => ranking.ideas.filter((idea) => idea.ring === ring);
  const inner = innerRingOf(ranking);
  // The inner ring is chosen among the promising: those in it now, and those that could be.
  const candidates = ranking.ideas.filter((idea) => idea.ring === 'inner' || idea.ring === 'promising');
  return (
    <div className="grow-ranking">
      <ol className="grow-bullseye" aria-label="The Bullseye, from the centre out">
        {RINGS.map((ring) =>
          ring === 'inner' ? (
            <RingGroup
              key={ring}
              ring={ring}
              label="Inner ring: chosen to test now"
              ideas={byRing(ring)}
              empty="Not chosen yet: choose up to 3 promising channels below."
            />
          ) : (
            <RingGroup key={ring} ring={ring} label={RING_LABELS[ring]} ideas={byRing(ring)} empty="No channel here." />
          ),
        )}
      </ol>
      {onAction && candidates.length > 0 && <InnerRingChoice key={inner.join()} candidates={candidates} chosen={inner} onAction={onAction} />}
      {onAction && checkIn && <CheckInControl checkIn={checkIn} userId={userId} isOwner={isOwner} onAction={onAction} onShowMessage={onShowMessage} />}
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted: phase 8 is done."
        note="Happy with the rings and the inner ring? Accepting the ranking completes phase 8."
        button="Accept the ranking"
      />
    </div>
  );
}

function RingGroup({ ring, label, ideas, empty }: { ring: Ring; label: string; ideas: readonly ChannelIdea[]; empty: string }) {
  const headingId = useId();
  return (
    <li className={`grow-bullseye__ring grow-bullseye__ring--${ring}`} aria-labelledby={headingId}>
      <h4 id={headingId} className="grow-bullseye__label">
        <span className="grow-bullseye__mark" aria-hidden="true" />
        {label} <span className="grow-bullseye__count">({ideas.length})</span>
      </h4>
      {ideas.length === 0 ? (
        <p className="grow-muted">{empty}</p>
      ) : (
        <ul className="grow-bullseye__channels">
          {ideas.map((idea) => (
            <li key={idea.channel} className="grow-bullseye__channel">
              <span className="grow-bullseye__name">{TRACTION_CHANNELS[idea.channel]}</span>
              {idea.idea && (
                <>
                  : <span className="grow-bullseye__idea">{idea.idea}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Up to three promising channels, chosen by a member for everyone; a refusal is said under the button. */
function InnerRingChoice({
  candidates,
  chosen,
  onAction,
}: {
  /** The channels in the inner ring or ranked promising. */
  candidates: readonly ChannelIdea[];
  chosen: readonly TractionChannel[];
  onAction: WorkspaceRequest;
}) {
  const [picked, setPicked] = useState<TractionChannel[]>(() => [...chosen]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = picked.length >= INNER_RING_SIZE;
  const toggle = (channel: TractionChannel) =>
    setPicked((current) => (current.includes(channel) ? current.filter((other) => other !== channel) : [...current, channel]));
  async function choose() {
    setSending(true);
    setError(null);
    setError(await onAction({ type: INNER_RING_FRAME, channels: picked }));
    setSending(false);
  }
  return (
    <fieldset className="grow-choice">
      <legend>Choose the inner ring: up to {INNER_RING_SIZE} promising channels to test now</legend>
      <ul className="grow-choice__list">
        {candidates.map((idea) => {
          const checked = picked.includes(idea.channel);
          return (
            <li key={idea.channel}>
              <label className="grow-choice__option">
                <input type="checkbox" checked={checked} disabled={sending || (!checked && full)} onChange={() => toggle(idea.channel)} />
                {TRACTION_CHANNELS[idea.channel]}
              </label>
            </li>
          );
        })}
      </ul>
      {full && <p className="grow-muted">{INNER_RING_SIZE} chosen: untick one to choose another.</p>}
      <button type="button" className="button panel__small-button" disabled={sending} onClick={() => void choose()}>
        {sending ? 'Choosing…' : 'Choose as the inner ring'}
      </button>
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The project's weekly check-in, on or off for everyone; the e-mail is each member's own choice.
 * It shows the last check-in, linked to its message, and the next; the owner can post this
 * week's now, once a week at most (the server refuses a second one with its reason, shown here).
 */
function CheckInControl({
  checkIn,
  userId,
  isOwner,
  onAction,
  onShowMessage,
}: {
  checkIn: GrowState['checkIn'];
  userId?: string;
  isOwner: boolean;
  onAction: WorkspaceRequest;
  onShowMessage?: (messageId: string) => void;
}) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = userId !== undefined && checkIn.emailUserIds.includes(userId);
  // Saved before the last check-in was linked, a state may lack these.
  const lastMessageId = checkIn.lastMessageId ?? null;
  const lastAt = checkIn.lastAt ?? null;
  async function send(frame: { type: string; [key: string]: unknown }) {
    setSending(true);
    setError(null);
    setError(await onAction(frame));
    setSending(false);
  }
  return (
    <fieldset className="grow-check-in" disabled={sending}>
      <legend>Weekly check-in</legend>
      <p className="grow-muted">Once a week the co-founder posts how the experiments stand in the conversation.</p>
      <label className="grow-choice__option">
        <input type="checkbox" checked={checkIn.enabled} onChange={() => void send({ type: CHECK_IN_FRAME, enabled: !checkIn.enabled, email: mine })} />
        Post a check-in every week
      </label>
      <label className="grow-choice__option">
        <input
          type="checkbox"
          checked={checkIn.enabled && mine}
          disabled={!checkIn.enabled}
          onChange={() => void send({ type: CHECK_IN_FRAME, enabled: true, email: !mine })}
        />
        E-mail it to me
      </label>
      <p className="grow-check-in__last">
        {lastMessageId !== null && lastAt !== null ? (
          <>
            Last check-in:{' '}
            <a
              href={`#message-${lastMessageId}`}
              onClick={(event) => {
                if (!onShowMessage) return;
                event.preventDefault();
                onShowMessage(lastMessageId);
              }}
            >
              week {checkIn.lastWeek}, <time dateTime={new Date(lastAt).toISOString()}>{dayLabel(lastAt)}</time>
            </a>
          </>
        ) : (
          'No check-in posted yet.'
        )}
      </p>
      {checkIn.enabled && checkIn.nextAt !== null && (
        <p className="grow-check-in__next">
          Next check-in: <time dateTime={new Date(checkIn.nextAt).toISOString()}>{dayLabel(checkIn.nextAt)}</time>
        </p>
      )}
      {isOwner && (
        <button type="button" className="button button--secondary panel__small-button" onClick={() => void send({ type: CHECK_IN_NOW_FRAME })}>
          {sending ? 'Posting…' : 'Post this week’s check-in now'}
        </button>
      )}
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
