import { useId, useState } from 'react';
import {
  CHECK_IN_FRAME,
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
}: {
  entry: RankingEntry;
  onAccept?: () => Promise<string | null>;
  /** Sends the phase's frames; absent where the ranking is only read. */
  onAction?: WorkspaceRequest;
  checkIn?: GrowState['checkIn'];
  /** The member using the workspace: whether the check-in is e-mailed to them. */
  userId?: string;
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
      {onAction && checkIn && <CheckInControl checkIn={checkIn} userId={userId} onAction={onAction} />}
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

/** The project's weekly check-in, on or off for everyone; the e-mail is each member's own choice. */
function CheckInControl({ checkIn, userId, onAction }: { checkIn: GrowState['checkIn']; userId?: string; onAction: WorkspaceRequest }) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = userId !== undefined && checkIn.emailUserIds.includes(userId);
  async function send(enabled: boolean, email: boolean) {
    setSending(true);
    setError(null);
    setError(await onAction({ type: CHECK_IN_FRAME, enabled, email }));
    setSending(false);
  }
  return (
    <fieldset className="grow-check-in" disabled={sending}>
      <legend>Weekly check-in</legend>
      <p className="grow-muted">Once a week the co-founder posts how the experiments stand in the conversation.</p>
      <label className="grow-choice__option">
        <input type="checkbox" checked={checkIn.enabled} onChange={() => void send(!checkIn.enabled, mine)} />
        Post a check-in every week
      </label>
      <label className="grow-choice__option">
        <input type="checkbox" checked={checkIn.enabled && mine} disabled={!checkIn.enabled} onChange={() => void send(true, !mine)} />
        E-mail it to me
      </label>
      {checkIn.enabled && checkIn.nextAt !== null && (
        <p className="grow-check-in__next">
          Next check-in: <time dateTime={new Date(checkIn.nextAt).toISOString()}>{dayLabel(checkIn.nextAt)}</time>
        </p>
      )}
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
