import { StatusControl } from '../StatusControl';
import { memo, useMemo } from 'react';
import {
  CHECKLIST_PART_LABELS,
  CHECKLIST_PARTS,
  CHECKLIST_STATUS_FRAME,
  dueDay,
  ITEM_STATUS_LABELS,
  PRODUCT_HUNT_TIME_ZONE,
  type ChecklistItem,
  type ChecklistPart,
  type ItemStatus,
  type LaunchPlan,
} from '#contracts/phases/launch';
import { ASSUMPTION } from '#contracts/phases/fields';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf, WorkspaceRequest } from '../types';
import { browserTimeZone, isPacific, launchesOnProductHunt, momentText, readableDay, relativeDay, todayIn } from './moment';

type LaunchPlanEntry = EntryOf<'launch_plan'>;

/**
 * The launch plan: the moment as it was set and, first, as this member reads it in their own
 * time zone; the channels with why each and where it was chosen from; the checklist before, on
 * and after the day, each item due a number of days from the launch day, with its owner and a
 * status any member moves (sent to the server, arriving for every member in the shared state).
 */
export function LaunchPlanView({
  entry,
  onAccept,
  onAction,
  timeZone = browserTimeZone(),
  today,
}: {
  entry: LaunchPlanEntry;
  onAccept?: () => Promise<string | null>;
  /** Sends a checklist item's status; absent where the plan is only read. */
  onAction?: WorkspaceRequest;
  /** The member's time zone: the browser's unless given. */
  timeZone?: string;
  /** Today as YYYY-MM-DD, in the member's time zone unless given. */
  today?: string;
}) {
  const { launch } = entry;
  const day = today ?? todayIn(timeZone);
  const parts = useMemo(() => checklistParts(launch), [launch]);
  return (
    <div className="launch-plan">
      <LaunchMomentCard launch={launch} timeZone={timeZone} />
      <section className="launch-plan__section" aria-label="Channels">
        <h4 className="launch-plan__heading">Channels</h4>
        <ul className="launch-plan__channels">
          {launch.channels.map((channel, index) => (
            <li key={index} className="launch-plan__channel">
              <p className="launch-plan__channel-name">{channel.name}</p>
              <p>{channel.why}</p>
              <p className="launch-plan__muted">{channel.source.trim().toLowerCase() === ASSUMPTION ? 'Assumption' : `From ${channel.source}`}</p>
            </li>
          ))}
        </ul>
      </section>
      {parts.map(({ part, items }) => (
        <ChecklistPartList key={part} part={part} items={items} launchDay={launch.moment.date} today={day} onAction={onAction} />
      ))}
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted: phase 7 is done."
        note="Checked the moment, the channels and who does what? Accepting the launch plan completes phase 7."
        button="Accept the launch plan"
      />
    </div>
  );
}

/** The checklist in its three parts, each in the order its items fall due. */
function checklistParts(launch: LaunchPlan): { part: ChecklistPart; items: ChecklistItem[] }[] {
  return CHECKLIST_PARTS.map((part) => ({
    part,
    items: launch.checklist.filter((item) => item.part === part).sort((a, b) => a.offsetDays - b.offsetDays),
  }));
}

/** The moment in the member's time zone, as set, and when Product Hunt's day starts. */
function LaunchMomentCard({ launch, timeZone }: { launch: LaunchPlan; timeZone: string }) {
  const { moment } = launch;
  const yours = momentText(moment, timeZone);
  const asSet = momentText(moment, moment.timeZone);
  const productHunt = isPacific(moment.timeZone) || launchesOnProductHunt(launch.channels);
  const pacific = isPacific(moment.timeZone) ? null : momentText(moment, PRODUCT_HUNT_TIME_ZONE);
  return (
    <section className="launch-plan__moment" aria-label="Launch moment">
      <p className="launch-plan__muted">Launch, in your time ({timeZone})</p>
      <p className="launch-plan__yours">{yours ?? 'Not a moment yet'}</p>
      <p className="launch-plan__as-set">
        As set: {asSet ?? `${moment.date} ${moment.time}`} in {moment.timeZone}
      </p>
      {productHunt && (
        <p className="launch-plan__note">
          Product Hunt's day starts at 00:00 Pacific ({PRODUCT_HUNT_TIME_ZONE}): a launch at 00:01 there has the whole day.
          {pacific && ` This one is ${pacific} Pacific.`}
        </p>
      )}
    </section>
  );
}

const ChecklistPartList = memo(function ChecklistPartList({
  part,
  items,
  launchDay,
  today,
  onAction,
}: {
  part: ChecklistPart;
  items: ChecklistItem[];
  launchDay: string;
  today: string;
  onAction?: WorkspaceRequest;
}) {
  const done = items.filter((item) => item.status === 'done').length;
  return (
    <section className="launch-plan__section" aria-label={CHECKLIST_PART_LABELS[part]}>
      <h4 className="launch-plan__heading">
        {CHECKLIST_PART_LABELS[part]}{' '}
        <span className="launch-plan__muted">
          · {done} of {items.length} done
        </span>
      </h4>
      {items.length === 0 ? (
        <p className="launch-plan__muted">Nothing here yet.</p>
      ) : (
        <ul className="launch-plan__items">
          {items.map((item) => (
            <ChecklistRow
              key={item.id}
              itemId={item.id}
              title={item.title}
              due={dueDay(launchDay, item.offsetDays)}
              today={today}
              owner={item.owner?.name ?? null}
              status={item.status}
              onAction={onAction}
            />
          ))}
        </ul>
      )}
    </section>
  );
});

/** One item with its due day and status control; plain props, so another item's move leaves it as it is. */
const ChecklistRow = memo(function ChecklistRow({
  itemId,
  title,
  due,
  today,
  owner,
  status,
  onAction,
}: {
  itemId: string;
  title: string;
  due: string;
  today: string;
  owner: string | null;
  status: ItemStatus;
  onAction?: WorkspaceRequest;
}) {
  const relative = status === 'done' ? null : relativeDay(due, today);
  const late = relative?.endsWith('late') ?? false;
  return (
    <li className={`launch-plan__item launch-plan__item--${status}`}>
      <div className="launch-plan__item-text">
        <p className="launch-plan__item-title">{title}</p>
        <p className="launch-plan__item-meta">
          Due <time dateTime={due}>{readableDay(due)}</time>
          {relative && (
            <>
              {' '}
              (<span className={late ? 'launch-plan__late' : undefined}>{relative}</span>)
            </>
          )}{' '}
          · {owner ?? 'No owner yet'}
        </p>
      </div>
      <ItemStatusControl itemId={itemId} title={title} status={status} onAction={onAction} />
    </li>
  );
});

/** A checklist item's status, which any member moves live (../StatusControl.tsx). */
export function ItemStatusControl({ itemId, title, status, onAction }: { itemId: string; title: string; status: ItemStatus; onAction?: WorkspaceRequest }) {
  const move = onAction && ((to: ItemStatus) => onAction({ type: CHECKLIST_STATUS_FRAME, itemId, status: to }));
  return <StatusControl title={title} status={status} labels={ITEM_STATUS_LABELS} move={move} />;
}
