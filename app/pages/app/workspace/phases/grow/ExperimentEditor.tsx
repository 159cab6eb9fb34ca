import {
  COMPARISON_LABELS,
  ExperimentSchema,
  GROW_LIMITS,
  TRACTION_CHANNELS,
  type Comparison,
  type Experiment,
  type ExperimentResult,
  type TractionChannel,
} from '#contracts/phases/grow';
import { SelectField } from '../ArtifactFields';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { LimitedTextField } from '../LimitedFields';
import { GrowNumberField, problemOf } from './GrowFields';

/** An experiment as the form holds it: the assumption tested as text (empty: none). */
export interface ExperimentFields {
  channel: TractionChannel;
  hypothesis: string;
  metric: string;
  budget: number;
  durationDays: number;
  startedOn: string;
  comparison: Comparison;
  thresholdValue: number;
  tests: string;
  results: ExperimentResult[];
  verdict: Experiment['verdict'];
}

const shape = ExperimentSchema.shape;

/** The experiment's fields; results can only be removed (members log new ones from the experiment itself). */
function ExperimentFieldsEditor({ id, fields, onChange }: ArtifactEditorProps<ExperimentFields>) {
  const set =
    <Key extends keyof ExperimentFields>(key: Key) =>
    (value: ExperimentFields[Key]) =>
      onChange({ ...fields, [key]: value });
  const startProblem = problemOf(shape.startedOn, fields.startedOn);
  return (
    <div className="grow-editor">
      <SelectField<TractionChannel> id={`${id}-channel`} label="Channel" value={fields.channel} options={TRACTION_CHANNELS} onChange={set('channel')} />
      <LimitedTextField id={`${id}-hypothesis`} label="Hypothesis" value={fields.hypothesis} max={400} rows={3} onChange={set('hypothesis')} />
      <LimitedTextField id={`${id}-metric`} label="Metric (what is counted)" value={fields.metric} max={160} onChange={set('metric')} />
      <fieldset className="artifact-editor__group">
        <legend>Success</legend>
        <div className="grow-editor__pair">
          <SelectField<Comparison>
            id={`${id}-comparison`}
            label="Success is"
            value={fields.comparison}
            options={COMPARISON_LABELS}
            onChange={set('comparison')}
          />
          <GrowNumberField
            id={`${id}-threshold`}
            label="Threshold"
            value={fields.thresholdValue}
            problem={problemOf(shape.threshold.shape.value, fields.thresholdValue)}
            onChange={set('thresholdValue')}
          />
        </div>
      </fieldset>
      <div className="grow-editor__pair">
        <GrowNumberField
          id={`${id}-budget`}
          label="Budget"
          value={fields.budget}
          min={0}
          max={1_000_000}
          problem={problemOf(shape.budget, fields.budget)}
          onChange={set('budget')}
        />
        <GrowNumberField
          id={`${id}-duration`}
          label="Duration (days)"
          value={fields.durationDays}
          min={1}
          max={GROW_LIMITS.durationDays}
          step="1"
          problem={problemOf(shape.durationDays, fields.durationDays)}
          onChange={set('durationDays')}
        />
      </div>
      <div className="memory-editor__field">
        <label htmlFor={`${id}-started`}>Starts on</label>
        <input
          id={`${id}-started`}
          type="date"
          className="memory-editor__input"
          value={fields.startedOn}
          aria-invalid={startProblem ? true : undefined}
          aria-describedby={startProblem ? `${id}-started-problem` : undefined}
          onChange={(event) => set('startedOn')(event.target.value)}
        />
        {startProblem && (
          <p id={`${id}-started-problem`} className="grow-field-error">
            {startProblem}
          </p>
        )}
      </div>
      <LimitedTextField id={`${id}-tests`} label="Tests the assumption (empty: none)" value={fields.tests} max={400} rows={2} onChange={set('tests')} />
      {fields.results.length > 0 && (
        <fieldset className="artifact-editor__group">
          <legend>Results</legend>
          <ul className="artifact-editor__items">
            {fields.results.map((result, index) => {
              const text = `${result.on}: ${result.value}${result.note ? ` (${result.note})` : ''}, by ${result.by}`;
              return (
                <li key={index} className="artifact-editor__item">
                  <span className="artifact-editor__cited">{text}</span>
                  <button
                    type="button"
                    className="button button--secondary panel__small-button"
                    aria-label={`Remove the result “${text}”`}
                    onClick={() => set('results')(fields.results.filter((_, at) => at !== index))}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </div>
  );
}

const LABELS: Record<string, string> = {
  channel: 'Channel',
  hypothesis: 'Hypothesis',
  metric: 'Metric',
  budget: 'Budget',
  durationDays: 'Duration (days)',
  startedOn: 'Starts on',
  tests: 'Tests the assumption',
  verdict: 'Verdict',
};

/** The field a schema issue is about: a threshold's value is 'Threshold', a result's is 'Result 2'. */
export function experimentIssueLabel(path: readonly PropertyKey[]): string | null {
  const [, key, index] = path;
  if (key === 'threshold') return path[2] === 'comparison' ? 'Success is' : 'Threshold';
  if (key === 'results') return typeof index === 'number' ? `Result ${index + 1}` : 'Results';
  return typeof key === 'string' && Object.hasOwn(LABELS, key) ? LABELS[key]! : null;
}

export const EXPERIMENT_EDITOR: ArtifactEditor<EntryOf<'experiment'>, ExperimentFields> = {
  fieldsOf: ({ experiment }) => ({
    channel: experiment.channel,
    hypothesis: experiment.hypothesis,
    metric: experiment.metric,
    budget: experiment.budget,
    durationDays: experiment.durationDays,
    startedOn: experiment.startedOn,
    comparison: experiment.threshold.comparison,
    thresholdValue: experiment.threshold.value,
    tests: experiment.tests ?? '',
    results: experiment.results,
    verdict: experiment.verdict,
  }),
  contentOf: (fields) => ({
    experiment: {
      channel: fields.channel,
      hypothesis: fields.hypothesis,
      metric: fields.metric,
      budget: fields.budget,
      durationDays: fields.durationDays,
      startedOn: fields.startedOn,
      threshold: { comparison: fields.comparison, value: fields.thresholdValue },
      tests: fields.tests.trim() === '' ? null : fields.tests,
      results: fields.results,
      verdict: fields.verdict,
    },
  }),
  Editor: ExperimentFieldsEditor,
  issueLabel: experimentIssueLabel,
};
