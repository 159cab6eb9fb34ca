import { OwnerField, ownerChoices, type OwnerChoice } from '../OwnerField';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import {
  CHECKLIST_PART_LABELS,
  CHECKLIST_PARTS,
  ChecklistItemSchema,
  dueDay,
  ITEM_STATUS_LABELS,
  ITEM_STATUSES,
  LAUNCH_LIMITS,
  type ChecklistItem,
  type ChecklistPart,
  type ItemStatus,
  type LaunchChannel,
  type LaunchPlan,
} from '#contracts/phases/launch';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { LimitedTextField } from '../LimitedFields';
import { browserTimeZone, isDay, momentText, readableDay, zoneChoices } from './moment';

/** The launch plan as the form holds it: the moment's three parts side by side. */
export interface LaunchPlanFields {
  date: string;
  time: string;
  timeZone: string;
  channels: LaunchChannel[];
  checklist: ChecklistItem[];
}

/** Limits of the plan's fields that the contract writes inline (contracts/phases/launch.ts). */
const TEXT_LIMITS = { channelName: 120, why: 300, source: 160, itemTitle: 160 } as const;

/** The days from the launch an item of each part may be due, as the contract checks them. */
const PART_RULES: Record<ChecklistPart, { fits: (days: number) => boolean; says: string }> = {
  before: { fits: (days) => days < 0, says: 'Before the launch: a negative number of days' },
  day: { fits: (days) => days === 0, says: 'On the day: 0 days' },
  after: { fits: (days) => days > 0, says: 'After the launch: a positive number of days' },
};

/** What is wrong with an item's days from the launch as typed, or null. */
export function offsetProblem(item: Pick<ChecklistItem, 'part' | 'offsetDays'>): string | null {
  if (Number.isNaN(item.offsetDays)) return 'A number of days from the launch day';
  const checked = ChecklistItemSchema.shape.offsetDays.safeParse(item.offsetDays);
  if (!checked.success) {
    return Number.isInteger(item.offsetDays) ? `At most ${LAUNCH_LIMITS.offsetDays} days from the launch day` : 'A whole number of days';
  }
  const rule = PART_RULES[item.part];
  return rule.fits(item.offsetDays) ? null : rule.says;
}

/** The day each part starts at when an item is moved to it: keeps the offset when it fits. */
const offsetFor = (part: ChecklistPart, days: number) => (PART_RULES[part].fits(days) ? days : part === 'before' ? -1 : part === 'day' ? 0 : 1);

/** A new id for an item, unused in the checklist: 'item-7'. */
function freshId(taken: readonly { id: string }[]): string {
  const used = new Set(taken.map((item) => item.id));
  for (let n = taken.length + 1; ; n++) if (!used.has(`item-${n}`)) return `item-${n}`;
}

/**
 * The launch plan as members edit it: the moment (a day, a time and a named time zone, read back
 * in the member's own), the channels, and the checklist, each item due a number of days from the
 * launch day: moving the date shows every item's new due day as it is typed.
 */
function LaunchPlanFieldsEditor({ id, fields, onChange, workspace }: ArtifactEditorProps<LaunchPlanFields>) {
  const latest = useRef(fields);
  latest.current = fields;
  const change = useRef(onChange);
  change.current = onChange;
  const setItem = useCallback((index: number, patch: Partial<ChecklistItem>) => {
    const current = latest.current;
    change.current({ ...current, checklist: current.checklist.map((item, at) => (at === index ? { ...item, ...patch } : item)) });
  }, []);
  const removeItem = useCallback((index: number) => {
    const current = latest.current;
    change.current({ ...current, checklist: current.checklist.filter((_, at) => at !== index) });
  }, []);

  const [own] = useState(browserTimeZone);
  const [named] = useState(() => fields.checklist.flatMap((item) => (item.owner ? [item.owner] : [])));
  const teamMembers = workspace?.teamMembers;
  const owners = useMemo(() => ownerChoices(teamMembers ?? [], named), [teamMembers, named]);
  const zones = useMemo(() => zoneChoices(fields.timeZone, own), [fields.timeZone, own]);

  const set = <Key extends keyof LaunchPlanFields>(key: Key, value: LaunchPlanFields[Key]) => onChange({ ...fields, [key]: value });
  const setChannel = (index: number, patch: Partial<LaunchChannel>) =>
    set(
      'channels',
      fields.channels.map((channel, at) => (at === index ? { ...channel, ...patch } : channel)),
    );

  const launchDay = isDay(fields.date) ? fields.date : null;
  const yours = launchDay && /^\d{2}:\d{2}$/.test(fields.time) ? momentText({ date: launchDay, time: fields.time, timeZone: fields.timeZone }, own) : null;

  return (
    <>
      <fieldset className="artifact-editor__group">
        <legend>Launch moment</legend>
        <div className="launch-editor__moment">
          <div className="memory-editor__field">
            <label htmlFor={`${id}-date`}>Launch date</label>
            <input
              id={`${id}-date`}
              className="memory-editor__input"
              type="date"
              value={fields.date}
              aria-invalid={launchDay ? undefined : true}
              onChange={(event) => set('date', event.target.value)}
            />
          </div>
          <div className="memory-editor__field">
            <label htmlFor={`${id}-time`}>Launch time</label>
            <input id={`${id}-time`} className="memory-editor__input" type="time" value={fields.time} onChange={(event) => set('time', event.target.value)} />
          </div>
          <div className="memory-editor__field">
            <label htmlFor={`${id}-zone`}>Time zone</label>
            <select id={`${id}-zone`} className="memory-editor__input" value={fields.timeZone} onChange={(event) => set('timeZone', event.target.value)}>
              {zones.map(({ zone, label }) => (
                <option key={zone} value={zone}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="limited-field__limit" aria-live="polite">
          {yours ? `In your time (${own}): ${yours}` : 'Choose a day and a time for the launch.'}
        </p>
      </fieldset>

      <fieldset className="artifact-editor__group">
        <legend>Channels</legend>
        <ol className="launch-editor__rows">
          {fields.channels.map((channel, index) => (
            <li key={index} className="launch-editor__row">
              <LimitedTextField
                id={`${id}-channel-${index}`}
                label={`Channel ${index + 1}`}
                max={TEXT_LIMITS.channelName}
                value={channel.name}
                onChange={(name) => setChannel(index, { name })}
              />
              <LimitedTextField
                id={`${id}-channel-${index}-why`}
                label={`Channel ${index + 1}, why`}
                rows={2}
                max={TEXT_LIMITS.why}
                value={channel.why}
                onChange={(why) => setChannel(index, { why })}
              />
              <LimitedTextField
                id={`${id}-channel-${index}-source`}
                label={`Channel ${index + 1}, chosen from`}
                max={TEXT_LIMITS.source}
                value={channel.source}
                onChange={(source) => setChannel(index, { source })}
              />
              {fields.channels.length > 1 && (
                <button
                  type="button"
                  className="button button--secondary panel__small-button launch-editor__remove"
                  aria-label={`Remove channel ${index + 1}`}
                  onClick={() =>
                    set(
                      'channels',
                      fields.channels.filter((_, at) => at !== index),
                    )
                  }
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ol>
        {fields.channels.length < LAUNCH_LIMITS.channels && (
          <button
            type="button"
            className="button button--secondary panel__small-button launch-editor__add"
            onClick={() => set('channels', [...fields.channels, { name: '', why: '', source: '' }])}
          >
            Add a channel
          </button>
        )}
      </fieldset>

      <fieldset className="artifact-editor__group">
        <legend>Checklist</legend>
        <p className="artifact-editor__hint">Each item is due a number of days from the launch day: before it negative, on the day 0, after it positive.</p>
        <ol className="launch-editor__rows">
          {fields.checklist.map((item, index) => (
            <ChecklistEditorRow
              key={index}
              id={`${id}-item-${index}`}
              index={index}
              item={item}
              launchDay={launchDay}
              owners={owners}
              removable={fields.checklist.length > 1}
              onChange={setItem}
              onRemove={removeItem}
            />
          ))}
        </ol>
        {fields.checklist.length < LAUNCH_LIMITS.checklist && (
          <button
            type="button"
            className="button button--secondary panel__small-button launch-editor__add"
            onClick={() =>
              set('checklist', [...fields.checklist, { id: freshId(fields.checklist), title: '', part: 'before', offsetDays: -1, owner: null, status: 'todo' }])
            }
          >
            Add an item
          </button>
        )}
      </fieldset>
    </>
  );
}

const ChecklistEditorRow = memo(function ChecklistEditorRow({
  id,
  index,
  item,
  launchDay,
  owners,
  removable,
  onChange,
  onRemove,
}: {
  id: string;
  index: number;
  item: ChecklistItem;
  launchDay: string | null;
  owners: readonly OwnerChoice[];
  removable: boolean;
  onChange: (index: number, patch: Partial<ChecklistItem>) => void;
  onRemove: (index: number) => void;
}) {
  const number = index + 1;
  const problem = offsetProblem(item);
  const due = !problem && launchDay ? `Due ${readableDay(dueDay(launchDay, item.offsetDays))}` : problem ? null : 'Due once the launch date is set';
  return (
    <li className="launch-editor__row launch-editor__row--item">
      <div className="launch-editor__wide">
        <LimitedTextField
          id={`${id}-title`}
          label={`Item ${number}`}
          max={TEXT_LIMITS.itemTitle}
          value={item.title}
          onChange={(title) => onChange(index, { title })}
        />
      </div>
      <div className="memory-editor__field">
        <label htmlFor={`${id}-part`}>Item {number}, when</label>
        <select
          id={`${id}-part`}
          className="memory-editor__input"
          value={item.part}
          onChange={(event) => {
            const part = event.target.value as ChecklistPart;
            onChange(index, { part, offsetDays: offsetFor(part, item.offsetDays) });
          }}
        >
          {CHECKLIST_PARTS.map((part) => (
            <option key={part} value={part}>
              {CHECKLIST_PART_LABELS[part]}
            </option>
          ))}
        </select>
      </div>
      <div className="memory-editor__field">
        <label htmlFor={`${id}-offset`}>Item {number}, days from the launch</label>
        <input
          id={`${id}-offset`}
          className="memory-editor__input"
          type="number"
          inputMode="numeric"
          step={1}
          min={-LAUNCH_LIMITS.offsetDays}
          max={LAUNCH_LIMITS.offsetDays}
          value={Number.isNaN(item.offsetDays) ? '' : item.offsetDays}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-due`}
          onChange={(event) => onChange(index, { offsetDays: event.target.value === '' ? Number.NaN : Number(event.target.value) })}
        />
        <span id={`${id}-due`} className={problem ? 'launch-editor__problem' : 'launch-editor__due'}>
          {problem ?? due}
        </span>
      </div>
      <OwnerField id={`${id}-owner`} label={`Item ${number}, owner`} owner={item.owner} owners={owners} onChange={(owner) => onChange(index, { owner })} />
      <div className="memory-editor__field">
        <label htmlFor={`${id}-status`}>Item {number}, status</label>
        <select
          id={`${id}-status`}
          className="memory-editor__input"
          value={item.status}
          onChange={(event) => onChange(index, { status: event.target.value as ItemStatus })}
        >
          {ITEM_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ITEM_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      {removable && (
        <button
          type="button"
          className="button button--secondary panel__small-button launch-editor__remove"
          aria-label={`Remove item ${number}`}
          onClick={() => onRemove(index)}
        >
          Remove
        </button>
      )}
    </li>
  );
});

const ITEM_FIELD_LABELS: Record<string, string> = {
  title: '',
  part: ', when',
  offsetDays: ', days from the launch',
  owner: ', owner',
  status: ', status',
  id: ', id',
};
const CHANNEL_FIELD_LABELS: Record<string, string> = { name: '', why: ', why', source: ', chosen from' };

/** The field a validation issue of the plan is about: 'Launch date', 'Channel 2, why', 'Item 3, days from the launch'. */
export function launchPlanIssueLabel(path: readonly PropertyKey[]): string | null | undefined {
  const [top, list, index, field] = path;
  if (top === 'title') return 'Title';
  if (top !== 'launch') return undefined;
  if (list === 'moment') return index === 'date' ? 'Launch date' : index === 'time' ? 'Launch time' : index === 'timeZone' ? 'Time zone' : 'Launch moment';
  const rows: Record<string, [string, Record<string, string>]> = { checklist: ['Item', ITEM_FIELD_LABELS], channels: ['Channel', CHANNEL_FIELD_LABELS] };
  if (typeof list === 'string' && Object.hasOwn(rows, list)) {
    const [name, labels] = rows[list]!;
    if (typeof index !== 'number') return list === 'checklist' ? 'Checklist' : 'Channels';
    return `${name} ${index + 1}${typeof field === 'string' && Object.hasOwn(labels, field) ? labels[field] : ''}`;
  }
  return undefined;
}

/** The launch plan as members edit it: its title is the entry's. */
export const LAUNCH_PLAN_EDITOR: ArtifactEditor<EntryOf<'launch_plan'>, LaunchPlanFields> = {
  fieldsOf: ({ launch }) => ({
    ...launch.moment,
    channels: launch.channels.map((channel) => ({ ...channel })),
    checklist: launch.checklist.map((item) => ({ ...item })),
  }),
  contentOf: (fields): { launch: LaunchPlan } => ({
    launch: {
      moment: { date: fields.date, time: fields.time, timeZone: fields.timeZone },
      channels: fields.channels,
      checklist: fields.checklist,
    },
  }),
  Editor: LaunchPlanFieldsEditor,
  issueLabel: launchPlanIssueLabel,
};
