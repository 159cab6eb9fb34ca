import { memo, useId, useState, useSyncExternalStore } from 'react';
import { TASK_STATUS_LABELS, type BuildPlan, type ScheduledTask } from '#contracts/phases/build-plan';

/** Working days in a week of the appetite: a milestone due in week 3 is due at the end of day 15. */
export const DAYS_PER_WEEK = 5;
/** Where the timeline is a list rather than a chart: a phone's width. */
export const PHONE_QUERY = '(max-width: 600px)';

const subscribePhone = (onChange: () => void) => {
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/** A number of days as read: '2', '2.5'. */
const dayCount = (days: number) => String(days);

/**
 * The working days a task takes, counted from day 1 as people count them: from 0 to 2 is
 * 'working days 1 to 2', from 2 to 2.5 is 'working day 3'.
 */
export function dayRange(start: number, end: number): string {
  const first = Math.floor(start) + 1;
  const last = Math.max(first, Math.ceil(end));
  return first === last ? `working day ${first}` : `working days ${first} to ${last}`;
}

/**
 * One milestone's tasks on the timeline, each with when it can start and end (schedulePlan):
 * built once per plan by the view, so the chart and the list never search the plan.
 */
export interface TimelineGroup {
  id: string;
  title: string;
  week: number;
  tasks: ScheduledTask[];
}

/**
 * The plan on a time axis: on a wide screen a chart (one bar per task from when its dependencies
 * allow it to start to its end, grouped by milestone, each milestone's week marked), which reads
 * as a one-sentence summary to a screen reader; on a phone, or when chosen, the same as a list.
 */
export const PlanTimeline = memo(function PlanTimeline({ plan, groups, end }: { plan: BuildPlan; groups: TimelineGroup[]; end: number }) {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const [chosen, setChosen] = useState<'chart' | 'list' | null>(null);
  const shown = chosen ?? (phone ? 'list' : 'chart');
  const headingId = useId();
  const appetiteDays = plan.weeks * DAYS_PER_WEEK;
  const summary = `Timeline of ${plan.tasks.length} ${plan.tasks.length === 1 ? 'task' : 'tasks'} in ${groups.length} ${groups.length === 1 ? 'milestone' : 'milestones'}: the last task ends on working day ${dayCount(end)} of the ${appetiteDays} in the ${plan.weeks}-week appetite${end > appetiteDays ? ', past it' : ''}.`;
  return (
    <section className="build-plan__timeline" aria-labelledby={headingId}>
      <div className="build-plan__timeline-head">
        <h4 id={headingId} className="build-plan__heading">
          Timeline
        </h4>
        <div className="build-plan__toggle" role="group" aria-label="Show the timeline as">
          <button type="button" className="build-plan__toggle-button" aria-pressed={shown === 'chart'} onClick={() => setChosen('chart')}>
            Chart
          </button>
          <button type="button" className="build-plan__toggle-button" aria-pressed={shown === 'list'} onClick={() => setChosen('list')}>
            List
          </button>
        </div>
      </div>
      <p className="build-plan__timeline-summary">{summary}</p>
      {shown === 'chart' ? <TimelineChart groups={groups} span={Math.max(appetiteDays, end)} summary={summary} /> : <TimelineList groups={groups} />}
    </section>
  );
});

const AXIS_HEIGHT = 20;
const GROUP_HEIGHT = 22;
const ROW_HEIGHT = 26;
/** Titles longer than this are cut on the chart (the list, and each bar's tooltip, has them whole). */
const LABEL_CHARS = 48;

const percent = (day: number, span: number) => `${((day / span) * 100).toFixed(3)}%`;

/** The chart: positions are shares of its width, so it fits any column without a scroll bar. */
function TimelineChart({ groups, span, summary }: { groups: TimelineGroup[]; span: number; summary: string }) {
  const weeks = Math.ceil(span / DAYS_PER_WEEK);
  // A label every week up to 12 weeks, then every other week or more.
  const every = Math.max(1, Math.ceil(weeks / 12));
  const rows: React.ReactNode[] = [];
  let y = AXIS_HEIGHT;
  for (const group of groups) {
    const due = group.week * DAYS_PER_WEEK;
    rows.push(
      <g key={`m-${group.id}`} className="build-plan__chart-milestone">
        <text x="0" y={y + 15} className="build-plan__chart-milestone-label">
          {cut(group.title)} · week {group.week}
        </text>
        <line
          x1={percent(due, span)}
          x2={percent(due, span)}
          // From below the label to the group's last task: the label stays clear of the line.
          y1={y + GROUP_HEIGHT}
          y2={y + GROUP_HEIGHT + group.tasks.length * ROW_HEIGHT}
          className="build-plan__chart-due"
        />
      </g>,
    );
    y += GROUP_HEIGHT;
    for (const { task, start, end } of group.tasks) {
      const late = end > due;
      rows.push(
        <g key={task.id}>
          <title>{`${task.title}: ${dayRange(start, end)}, ${TASK_STATUS_LABELS[task.status].toLowerCase()}${late ? ', after its milestone' : ''}`}</title>
          <text x="0" y={y + 11} className="build-plan__chart-label">
            {cut(task.title)}
          </text>
          <rect
            x={percent(start, span)}
            y={y + 14}
            width={percent(Math.max(end - start, span / 400), span)}
            height="8"
            className={`build-plan__chart-bar build-plan__chart-bar--${task.status}${late ? ' build-plan__chart-bar--late' : ''}`}
          />
        </g>,
      );
      y += ROW_HEIGHT;
    }
  }
  const ticks: React.ReactNode[] = [];
  for (let week = 1; week <= weeks; week++) {
    const x = percent(week * DAYS_PER_WEEK, span);
    ticks.push(<line key={`g-${week}`} x1={x} x2={x} y1={AXIS_HEIGHT - 4} y2={y} className="build-plan__chart-grid" />);
    if (week % every === 0)
      ticks.push(
        <text key={`w-${week}`} x={x} y={12} className="build-plan__chart-week">
          W{week}
        </text>,
      );
  }
  return (
    <svg className="build-plan__chart" role="img" aria-label={summary} width="100%" height={y + 4}>
      {ticks}
      {rows}
    </svg>
  );
}

const cut = (text: string) => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);

/** The timeline as text: each milestone with its tasks, when each can start and end. */
function TimelineList({ groups }: { groups: TimelineGroup[] }) {
  return (
    <ol className="build-plan__timeline-list">
      {groups.map((group) => (
        <li key={group.id}>
          <p className="build-plan__timeline-milestone">
            {group.title}{' '}
            <span className="build-plan__muted">
              (due end of week {group.week}, working day {group.week * DAYS_PER_WEEK})
            </span>
          </p>
          {group.tasks.length > 0 && (
            <ul>
              {group.tasks.map(({ task, start, end }) => (
                <li key={task.id}>
                  {task.title}: {dayRange(start, end)}
                  {end > group.week * DAYS_PER_WEEK && <strong className="build-plan__late"> after its milestone</strong>}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
