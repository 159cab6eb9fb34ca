import { useEffect, useId, useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { useNotify } from '../../lib/notifications';
import { Spinner } from '../../components/Spinner';
import { api, withSession } from '../../lib/api';
import { errorMessage, logUnexpected } from '../../lib/forms';
import './ProjectMembers.css';

type MembersAnswer = InferResponseType<(typeof api.project)[':id']['members']['$get'], 200>;
type Member = MembersAnswer['members'][number];
type PendingInvitation = MembersAnswer['invitations'][number];

const LOAD_FAILED = 'We could not load the members of this project.';

const day = (ms: number) => new Date(ms).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const DateText = ({ ms }: { ms: number }) => <time dateTime={new Date(ms).toISOString()}>{day(ms)}</time>;

/**
 * The owner's view of who is in a project: every member with the invitation they came through
 * (a link works for whoever holds it, so the address it was sent to may not be theirs), and the
 * invitations still pending. The owner can remove a collaborator and withdraw an invitation.
 * `version` changes when something outside (a new invitation) makes the list stale.
 */
export function ProjectMembers({ projectId, version = 0 }: { projectId: string; version?: number }) {
  const notify = useNotify();
  const headingId = useId();
  const [answer, setAnswer] = useState<MembersAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    withSession(() => api.project[':id'].members.$get({ param: { id: projectId } }))
      .then((response) => response.json())
      .then((loaded) => {
        if (!current) return;
        setAnswer(loaded);
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (!current) return;
        logUnexpected('Loading project members failed', error);
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [projectId, version, attempt]);

  async function remove(member: Member) {
    try {
      await withSession(() => api.project[':id'].members[':userId'].$delete({ param: { id: projectId, userId: member.userId } }));
    } catch (error) {
      notify.error(errorMessage(error, 'We could not remove this member. Please try again.'));
      return;
    }
    setAnswer((shown) => shown && { ...shown, members: shown.members.filter((m) => m.userId !== member.userId) });
    notify.success(`${member.email} no longer has access to this project.`);
  }

  async function withdraw(invitation: PendingInvitation) {
    try {
      await withSession(() => api.project[':id'].invitations[':invitationId'].$delete({ param: { id: projectId, invitationId: invitation.id } }));
    } catch (error) {
      notify.error(errorMessage(error, 'We could not withdraw this invitation. Please try again.'));
      setAttempt((n) => n + 1);
      return;
    }
    setAnswer((shown) => shown && { ...shown, invitations: shown.invitations.filter((i) => i.id !== invitation.id) });
    notify.success(`The invitation to ${invitation.email} was withdrawn; its link no longer works.`);
  }

  return (
    <section className="dashboard__panel project-members" aria-labelledby={headingId}>
      <h2 id={headingId}>Members</h2>
      {answer === null ? (
        failed ? (
          <div className="project-members__state">
            <p>{LOAD_FAILED}</p>
            <button type="button" className="button button--secondary dashboard__small-button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        ) : (
          <div className="project-members__state">
            <Spinner label="Loading members" />
          </div>
        )
      ) : (
        <>
          <ul className="project-members__list" aria-label="People in this project">
            {answer.members.map((member) => (
              <MemberRow key={member.userId} member={member} onRemove={() => remove(member)} />
            ))}
          </ul>
          <h3 className="project-members__subheading">Pending invitations</h3>
          {answer.invitations.length === 0 ? (
            <p className="dashboard__muted">No invitation is waiting to be accepted.</p>
          ) : (
            <ul className="project-members__list" aria-label="Pending invitations">
              {answer.invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} onWithdraw={() => withdraw(invitation)} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function MemberRow({ member, onRemove }: { member: Member; onRemove: () => Promise<void> }) {
  const who = member.name ?? member.email;
  return (
    <li className="project-members__row">
      <div className="project-members__who">
        <p className="project-members__name">
          {who}
          {member.role === 'owner' && <span className="tag">Owner</span>}
        </p>
        {member.name && <p className="project-members__detail">{member.email}</p>}
        <p className="project-members__detail">
          {member.role === 'owner' ? (
            <>
              Created the project on <DateText ms={member.joinedAt} />
            </>
          ) : (
            <>
              Joined <DateText ms={member.joinedAt} />
              {member.invitation && (
                <>
                  {' '}
                  through the invitation sent to <strong>{member.invitation.email}</strong>
                  {member.invitation.invitedBy && <> by {member.invitation.invitedBy}</>} on <DateText ms={member.invitation.createdAt} />
                </>
              )}
            </>
          )}
        </p>
      </div>
      {member.role === 'collaborator' && <ConfirmedAction label="Remove" confirmLabel={`Remove ${who}`} onConfirm={onRemove} />}
    </li>
  );
}

function InvitationRow({ invitation, onWithdraw }: { invitation: PendingInvitation; onWithdraw: () => Promise<void> }) {
  return (
    <li className="project-members__row">
      <div className="project-members__who">
        <p className="project-members__name">{invitation.email}</p>
        <p className="project-members__detail">
          Sent <DateText ms={invitation.createdAt} />
          {invitation.invitedBy && <> by {invitation.invitedBy}</>}, expires <DateText ms={invitation.expiresAt} />
        </p>
      </div>
      <ConfirmedAction label="Withdraw" confirmLabel={`Withdraw the invitation to ${invitation.email}`} onConfirm={onWithdraw} />
    </li>
  );
}

/** A destructive button that asks once more in place, so one stray click (or Enter) does nothing irreversible. */
export function ConfirmedAction({ label, confirmLabel, onConfirm }: { label: string; confirmLabel: string; onConfirm: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [working, setWorking] = useState(false);

  if (!asking) {
    return (
      <button type="button" className="button button--secondary dashboard__small-button" aria-label={confirmLabel} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="project-members__confirm" role="group" aria-label={`${confirmLabel}?`}>
      <button
        type="button"
        className="button dashboard__small-button project-members__danger"
        autoFocus
        disabled={working}
        onClick={() => {
          setWorking(true);
          void onConfirm().finally(() => {
            setWorking(false);
            setAsking(false);
          });
        }}
      >
        {working && <Spinner />}
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" className="button button--secondary dashboard__small-button" disabled={working} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}
