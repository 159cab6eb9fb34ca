import { useId, useState, type FormEvent } from 'react';
import {
  COMPARISON_LABELS,
  experimentDays,
  GROW_LIMITS,
  latestResult,
  meetsThreshold,
  RECOMMENDATION_LABELS,
  RESULT_FRAME,
  sameTest,
  TRACTION_CHANNELS,
  type Experiment,
  type TestChoice,
} from '#contracts/phases/grow';
import { ArtifactAcceptance } from '../Acceptance';
import type { EntryOf, WorkspaceRequest } from '../types';

type ExperimentEntry = EntryOf<'experiment'>;

export const NOT_A_NUMBER = 'A result is a number: what the metric measured';

/** A day written YYYY-MM-DD as the founders read it: '2 December 2026'. */
export const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The threshold as a sentence: 'at least 20 sign-ups from the post by 2 December 2026'. */
export const thresholdText = ({ threshold }: Pick<Experiment, 'threshold'>) =>
  `${COMPARISON_LABELS[threshold.comparison]} ${threshold.value} ${threshold.metric} by ${dayText(threshold.by)}`;

/** What an experiment tests, named as the memory names it now (`choices`), else as it was named when chosen. */
export function testsText(tests: Experiment['tests'], choices: readonly TestChoice[] | undefined): string {
  if (tests === null) return 'Nothing named';
  if (tests.kind === 'unlinked') return `“${tests.text}”, as written before tests were chosen: edit the experiment to choose what it tests`;
  if (!choices) return tests.label;
  return choices.find((choice) => sameTest(choice.tested, tests))?.label ?? `${tests.label} (no longer in the memory)`;
}

/**
 * One experiment of the inner ring: its channel and hypothesis, the threshold that counts as
 * success (what is counted, how many, by which day), what it puts to the test, its results as logged by the members
 * with the latest compared to the threshold, and the co-founder's verdict once it has judged.
 */
export function ExperimentView({
  entry,
  onAccept,
  onAction,
  choices,
}: {
  entry: ExperimentEntry;
  onAccept?: () => Promise<string | null>;
  /** Sends the phase's frames (a result logged); absent where the experiment is only read. */
  onAction?: WorkspaceRequest;
  /** What an experiment may test, as the memory holds it now; undefined when not known. */
  choices?: readonly TestChoice[];
}) {
  const { experiment } = entry;
  const latest = latestResult(experiment);
  const met = latest && meetsThreshold(latest.value, experiment.threshold);
  return (
    <div className="grow-experiment">
      <dl className="memory-entry__fields">
        <div>
          <dt>Channel</dt>
          <dd>{TRACTION_CHANNELS[experiment.channel]}</dd>
        </div>
        <div>
          <dt>Hypothesis</dt>
          <dd className="grow-prose">{experiment.hypothesis}</dd>
        </div>
        <div>
          <dt>Success</dt>
          <dd>{thresholdText(experiment)}</dd>
        </div>
        <div>
          <dt>Budget</dt>
          <dd>{experiment.budget === 0 ? 'None' : experiment.budget.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>
            {experimentDays(experiment)} {experimentDays(experiment) === 1 ? 'day' : 'days'}, from {dayText(experiment.startedOn)} to{' '}
            <time dateTime={experiment.threshold.by}>{dayText(experiment.threshold.by)}</time>
          </dd>
        </div>
        <div>
          <dt>Tests</dt>
          <dd className="grow-prose">{testsText(experiment.tests, choices)}</dd>
        </div>
      </dl>
      <section className="grow-results" aria-label="Results">
        <h4 className="grow-heading">Results</h4>
        {experiment.results.length === 0 ? (
          <p className="grow-muted">No result logged yet.</p>
        ) : (
          <div className="grow-results__scroll">
            <table className="grow-results__table">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Value</th>
                  <th scope="col">Note</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {experiment.results.map((result, index) => (
                  <tr key={index}>
                    <td>{result.on}</td>
                    <td className="grow-results__value">{result.value}</td>
                    <td>{result.note}</td>
                    <td>{result.by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {latest && (
          <p className={`grow-results__latest grow-results__latest--${met ? 'met' : 'missed'}`}>
            Latest: {latest.value} on {latest.on}, {met ? 'threshold met' : 'threshold not met'} ({thresholdText(experiment)}).
          </p>
        )}
        {onAction && <ResultForm id={entry.id} metric={experiment.threshold.metric} onAction={onAction} />}
      </section>
      {experiment.verdict && (
        <section className="grow-verdict" aria-label="Verdict">
          <h4 className="grow-heading">Verdict, {dayText(experiment.verdict.on)}</h4>
          <p className="grow-verdict__recommendation">{RECOMMENDATION_LABELS[experiment.verdict.recommendation]}</p>
          <p className="grow-prose">{experiment.verdict.reasoning}</p>
        </section>
      )}
      <ArtifactAcceptance
        entry={entry}
        onAccept={onAccept}
        done="Accepted: the team runs this experiment."
        note="Agree with the hypothesis, the metric and the threshold? Accept the experiment before it starts."
        button="Accept the experiment"
      />
    </div>
  );
}

/** Logs a result: a number (what the metric measured) and a note; the server adds the day and who logged it. */
function ResultForm({ id, metric, onAction }: { id: string; metric: string; onAction: WorkspaceRequest }) {
  const fieldId = useId();
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(number)) {
      setProblem(NOT_A_NUMBER);
      return;
    }
    setProblem(null);
    setSending(true);
    setError(null);
    const refused = await onAction({ type: RESULT_FRAME, id, value: number, note: note.trim() });
    setSending(false);
    setError(refused);
    if (!refused) {
      setValue('');
      setNote('');
    }
  }
  return (
    <form className="grow-result-form" noValidate aria-label="Log a result" onSubmit={(event) => void submit(event)}>
      <fieldset disabled={sending}>
        <legend>Log a result</legend>
        <div className="memory-editor__field">
          <label htmlFor={`${fieldId}-value`}>Value ({metric})</label>
          <input
            id={`${fieldId}-value`}
            className="memory-editor__input"
            type="number"
            inputMode="decimal"
            step="any"
            required
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${fieldId}-problem` : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {problem && (
            <p id={`${fieldId}-problem`} className="grow-field-error">
              {problem}
            </p>
          )}
        </div>
        <div className="memory-editor__field">
          <label htmlFor={`${fieldId}-note`}>Note (optional)</label>
          <input
            id={`${fieldId}-note`}
            className="memory-editor__input"
            maxLength={GROW_LIMITS.noteChars}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <button type="submit" className="button panel__small-button">
          {sending ? 'Logging…' : 'Log the result'}
        </button>
      </fieldset>
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
