import {
  COMPARISON_LABELS,
  ExperimentFieldsSchema,
  GROW_LIMITS,
  sameTest,
  ThresholdSchema,
  TRACTION_CHANNELS,
  type Comparison,
  type Experiment,
  type ExperimentResult,
  type TestChoice,
  type Tested,
  type TractionChannel,
} from '#contracts/phases/grow';
import { SelectField } from '../ArtifactFields';
import type { ArtifactEditor, ArtifactEditorProps, EntryOf } from '../types';
import { LimitedTextField } from '../LimitedFields';
import { GrowDayField, GrowNumberField, problemOf } from './GrowFields';
import { testsText } from './ExperimentView';

/** An experiment as the form holds it: its threshold's parts side by side, what it tests as chosen. */
export interface ExperimentFields {
  channel: TractionChannel;
  hypothesis: string;
  budget: number;
  startedOn: string;
  metric: string;
  comparison: Comparison;
  thresholdValue: number;
  by: string;
  tests: Tested | null;
  results: ExperimentResult[];
  verdict: Experiment['verdict'];
}

const shape = ExperimentFieldsSchema.shape;
const NOTHING = '';

/** A test as an option's value: 'assumption 2', 'artifact <id>', 'unlinked'. */
const keyOf = (tested: Tested | null) =>
  tested === null ? NOTHING : tested.kind === 'assumption' ? `assumption ${tested.number}` : tested.kind === 'artifact' ? `artifact ${tested.id}` : 'unlinked';

/**
 * What the experiment tests, chosen from the memory as it is now (the workspace's list): nothing,
 * one of phase 5's riskiest assumptions, or another artifact. Words kept from before tests were
 * chosen stay an option until another is chosen; nothing is typed.
 */
function TestsField({
  id,
  tests,
  choices,
  onChange,
}: {
  id: string;
  tests: Tested | null;
  choices: readonly TestChoice[];
  onChange: (tests: Tested | null) => void;
}) {
  const current = tests && !choices.some((choice) => sameTest(choice.tested, tests)) ? tests : null;
  return (
    <div className="memory-editor__field">
      <label htmlFor={id}>Tests</label>
      <select
        id={id}
        className="memory-editor__input"
        value={keyOf(tests)}
        onChange={(event) => {
          const key = event.target.value;
          onChange(key === NOTHING ? null : key === keyOf(current) ? current : (choices.find((choice) => keyOf(choice.tested) === key)?.tested ?? null));
        }}
      >
        <option value={NOTHING}>Nothing named</option>
        {current && <option value={keyOf(current)}>{testsText(current, choices)}</option>}
        {choices.map((choice) => (
          <option key={keyOf(choice.tested)} value={keyOf(choice.tested)}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The experiment's fields; results can only be removed (members log new ones from the experiment itself). */
function ExperimentFieldsEditor({ id, fields, onChange, workspace }: ArtifactEditorProps<ExperimentFields>) {
  const set =
    <Key extends keyof ExperimentFields>(key: Key) =>
    (value: ExperimentFields[Key]) =>
      onChange({ ...fields, [key]: value });
  const threshold = ThresholdSchema.shape;
  return (
    <div className="grow-editor">
      <SelectField<TractionChannel> id={`${id}-channel`} label="Channel" value={fields.channel} options={TRACTION_CHANNELS} onChange={set('channel')} />
      <LimitedTextField id={`${id}-hypothesis`} label="Hypothesis" value={fields.hypothesis} max={400} rows={3} onChange={set('hypothesis')} />
      <fieldset className="artifact-editor__group">
        <legend>Success</legend>
        <LimitedTextField id={`${id}-metric`} label="Metric (what is counted)" value={fields.metric} max={GROW_LIMITS.metricChars} onChange={set('metric')} />
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
            problem={problemOf(threshold.value, fields.thresholdValue)}
            onChange={set('thresholdValue')}
          />
        </div>
        <GrowDayField id={`${id}-by`} label="By" value={fields.by} problem={problemOf(threshold.by, fields.by)} onChange={set('by')} />
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
        <GrowDayField
          id={`${id}-started`}
          label="Starts on"
          value={fields.startedOn}
          problem={problemOf(shape.startedOn, fields.startedOn)}
          onChange={set('startedOn')}
        />
      </div>
      <TestsField id={`${id}-tests`} tests={fields.tests} choices={workspace?.experimentTests ?? []} onChange={set('tests')} />
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
  budget: 'Budget',
  startedOn: 'Starts on',
  tests: 'Tests',
  verdict: 'Verdict',
};
const THRESHOLD_LABELS: Record<string, string> = { metric: 'Metric (what is counted)', comparison: 'Success is', value: 'Threshold', by: 'By' };

/** The field a schema issue is about: a threshold's value is 'Threshold', its day 'By', a result's 'Result 2'. */
export function experimentIssueLabel(path: readonly PropertyKey[]): string | null {
  const [, key, index] = path;
  if (key === 'threshold') return typeof index === 'string' && Object.hasOwn(THRESHOLD_LABELS, index) ? THRESHOLD_LABELS[index]! : 'Threshold';
  if (key === 'results') return typeof index === 'number' ? `Result ${index + 1}` : 'Results';
  return typeof key === 'string' && Object.hasOwn(LABELS, key) ? LABELS[key]! : null;
}

export const EXPERIMENT_EDITOR: ArtifactEditor<EntryOf<'experiment'>, ExperimentFields> = {
  fieldsOf: ({ experiment }) => ({
    channel: experiment.channel,
    hypothesis: experiment.hypothesis,
    budget: experiment.budget,
    startedOn: experiment.startedOn,
    metric: experiment.threshold.metric,
    comparison: experiment.threshold.comparison,
    thresholdValue: experiment.threshold.value,
    by: experiment.threshold.by,
    tests: experiment.tests,
    results: experiment.results,
    verdict: experiment.verdict,
  }),
  contentOf: (fields) => ({
    experiment: {
      channel: fields.channel,
      hypothesis: fields.hypothesis,
      budget: fields.budget,
      startedOn: fields.startedOn,
      threshold: { metric: fields.metric, comparison: fields.comparison, value: fields.thresholdValue, by: fields.by },
      tests: fields.tests,
      results: fields.results,
      verdict: fields.verdict,
    },
  }),
  Editor: ExperimentFieldsEditor,
  issueLabel: experimentIssueLabel,
};
