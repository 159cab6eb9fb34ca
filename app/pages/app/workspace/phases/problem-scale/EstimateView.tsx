import { useState } from 'react';
import { isWebAddress } from '#contracts/discussions';
import { ASSUMPTION } from '#contracts/phases/fields';
import { assumptionsOnly, runningTotals, type EstimateOperation, type Sizing } from '#contracts/phases/problem-scale';
import { CONFIDENCE_LABELS, ConfidenceBadge } from '../Evidence';
import type { EntryOf } from '../types';

type EstimateEntry = EntryOf<'scale_estimate'>;

export const OPERATION_SIGNS: Record<EstimateOperation, string> = { start: '', multiply: '×', divide: '÷', add: '+', subtract: '−' };

const figure = new Intl.NumberFormat('en', { maximumSignificantDigits: 3 });
export const formatFigure = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? '—' : figure.format(value));

/** A sizing's result, as the product computes it from the steps. */
export const sizingResult = (sizing: Sizing) => `${formatFigure(runningTotals(sizing).at(-1))} ${sizing.unit}`;

/**
 * The problem-scale estimate in the memory: who has the problem, the two sizings with every step,
 * its source and the running total, and the evidence as links. Accepting it completes phase 2.
 */
export function EstimateView({ entry, onAccept }: { entry: EstimateEntry; onAccept?: () => Promise<string | null> }) {
  const estimate = entry.estimate;
  return (
    <div className="estimate">
      <dl className="memory-entry__fields">
        <div>
          <dt>Who has it</dt>
          <dd>
            <ul>
              {estimate.segments.map((segment) => (
                <li key={segment}>{segment}</li>
              ))}
            </ul>
          </dd>
        </div>
        <SizingView label="Top-down" sizing={estimate.topDown} />
        <SizingView label="Bottom-up" sizing={estimate.bottomUp} />
        {estimate.money && <SizingView label="Money at stake" sizing={estimate.money} />}
        <div>
          <dt>How often</dt>
          <dd>{estimate.frequency}</dd>
        </div>
        <div>
          <dt>How painful</dt>
          <dd>{estimate.pain}</dd>
        </div>
        <div>
          <dt>Used today</dt>
          <dd>{estimate.currentAlternatives}</dd>
        </div>
        <div>
          <dt>Confidence</dt>
          <dd>
            <ConfidenceBadge confidence={estimate.confidence} /> {estimate.confidenceReasons}
          </dd>
        </div>
        <div>
          <dt>Evidence ({estimate.evidence.length})</dt>
          <dd>
            {estimate.evidence.length === 0 ? (
              'No discussion backs it yet.'
            ) : (
              <ul>
                {estimate.evidence.map((link) => (
                  <li key={link.url}>
                    <SourceLink source={link.url} label={link.title} /> <span className="estimate__site">({link.site})</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      <Acceptance entry={entry} onAccept={onAccept} />
    </div>
  );
}

function SizingView({ label, sizing }: { label: string; sizing: Sizing }) {
  const totals = runningTotals(sizing);
  return (
    <div>
      <dt>
        {label}: <span className="estimate__result">{sizingResult(sizing)}</span>
      </dt>
      <dd>
        <ol className="estimate__steps" aria-label={`${label} steps`}>
          {sizing.steps.map((step, index) => (
            <li key={index} className="estimate__step">
              <span className="estimate__value">
                {OPERATION_SIGNS[step.operation]} {formatFigure(step.value)}
              </span>{' '}
              {step.label}{' '}
              <span className="estimate__source">
                (<SourceLink source={step.source} label={step.source.toLowerCase() === ASSUMPTION ? ASSUMPTION : 'source'} />)
              </span>
              {index > 0 && <span className="estimate__total"> = {formatFigure(totals[index])}</span>}
            </li>
          ))}
        </ol>
      </dd>
    </div>
  );
}

/** A source is a link when it is an http(s) address, else its own words ('assumption', a report's name). */
function SourceLink({ source, label }: { source: string; label: string }) {
  if (!isWebAddress(source)) return <>{source}</>;
  return (
    <a href={source} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

function Acceptance({ entry, onAccept }: { entry: EstimateEntry; onAccept?: () => Promise<string | null> }) {
  const [accepting, setAccepting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unsupported = assumptionsOnly(entry.estimate);
  if (entry.acceptedAt !== undefined) {
    return <p className="estimate__accepted">{unsupported ? `Accepted on assumptions: phase 2 is done. ${unsupported}` : 'Accepted: phase 2 is done.'}</p>;
  }
  if (!onAccept) return null;
  async function accept() {
    setAccepting(true);
    setError(null);
    const failure = await onAccept!();
    setAccepting(false);
    setConfirming(false);
    setError(failure);
  }
  if (confirming && unsupported) {
    return (
      <div className="estimate__accept estimate__accept--confirm" role="group" aria-label="Accept an estimate built on assumptions?">
        <p className="estimate__accept-note">{unsupported} Accept it anyway? Phase 2 will show that it was accepted on assumptions.</p>
        <div className="memory-entry__actions">
          <button type="button" className="button panel__small-button" autoFocus disabled={accepting} onClick={() => void accept()}>
            {accepting ? 'Accepting…' : 'Accept on assumptions'}
          </button>
          <button type="button" className="button button--secondary panel__small-button" disabled={accepting} onClick={() => setConfirming(false)}>
            Not yet
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="estimate__accept">
      <p className="estimate__accept-note">Checked the numbers and their sources? Accepting the estimate completes phase 2.</p>
      <button type="button" className="button panel__small-button" disabled={accepting} onClick={() => (unsupported ? setConfirming(true) : void accept())}>
        {accepting ? 'Accepting…' : 'Accept this estimate'}
      </button>
      {error && (
        <p className="memory-entry__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Editing: the estimate's fields as text inputs; numbers are parsed on save by the shared schema.

type StepFields = { operation: EstimateOperation; value: string; label: string; source: string };
type SizingFields = { steps: StepFields[]; unit: string };
export type EstimateFields = {
  segments: string;
  topDown: SizingFields;
  bottomUp: SizingFields;
  /** The optional money line: null when the estimate has none. */
  money: SizingFields | null;
  frequency: string;
  pain: string;
  currentAlternatives: string;
  confidence: EstimateEntry['estimate']['confidence'];
  confidenceReasons: string;
  evidence: EstimateEntry['estimate']['evidence'];
};

const sizingFieldsOf = (sizing: Sizing): SizingFields => ({
  unit: sizing.unit,
  steps: sizing.steps.map((step) => ({ ...step, value: String(step.value) })),
});

export function estimateFieldsOf(entry: EstimateEntry): EstimateFields {
  const { segments, topDown, bottomUp, money, ...rest } = entry.estimate;
  return {
    ...rest,
    segments: segments.join('\n'),
    topDown: sizingFieldsOf(topDown),
    bottomUp: sizingFieldsOf(bottomUp),
    money: money ? sizingFieldsOf(money) : null,
  };
}

/** The content to validate: blank number fields become NaN, which the schema refuses by name. */
export function estimateOf(fields: EstimateFields) {
  const sizing = (value: SizingFields) => ({
    unit: value.unit,
    steps: value.steps.map((step) => ({ ...step, value: step.value.trim() === '' ? Number.NaN : Number(step.value.replace(/[,\s]/g, '')) })),
  });
  const { money, ...rest } = fields;
  return {
    ...rest,
    segments: fields.segments
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    topDown: sizing(fields.topDown),
    bottomUp: sizing(fields.bottomUp),
    ...(money ? { money: sizing(money) } : {}),
  };
}

const SIZING_LABELS = { topDown: 'Top-down', bottomUp: 'Bottom-up', money: 'Money at stake' } as const;
const FIELD_LABELS: Record<string, string> = {
  segments: 'Who has it',
  frequency: 'How often',
  pain: 'How painful',
  currentAlternatives: 'Used today',
  confidenceReasons: 'Why this confidence',
  unit: 'unit',
  value: 'number',
  label: 'what it is',
  source: 'source',
  operation: 'operation',
};

/** Names the field of an estimate a validation issue points at: "Top-down, step 2: number". */
export function estimateIssueLabel(path: readonly PropertyKey[]): string {
  const [field, , index, key] = path;
  if (field === 'topDown' || field === 'bottomUp' || field === 'money') {
    const name = SIZING_LABELS[field];
    return typeof index === 'number'
      ? `${name}, step ${index + 1}: ${FIELD_LABELS[String(key)] ?? 'step'}`
      : `${name}: ${FIELD_LABELS[String(path[1])] ?? 'steps'}`;
  }
  return FIELD_LABELS[String(field)] ?? 'Estimate';
}

export function EstimateFieldsEditor({ id, fields, onChange }: { id: string; fields: EstimateFields; onChange: (fields: EstimateFields) => void }) {
  const text = (key: 'segments' | 'frequency' | 'pain' | 'currentAlternatives' | 'confidenceReasons', label: string, rows = 2) => (
    <div className="memory-editor__field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <textarea
        id={`${id}-${key}`}
        className="memory-editor__input"
        rows={rows}
        value={fields[key]}
        onChange={(event) => onChange({ ...fields, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <>
      {text('segments', 'Who has it (one group per line)', 3)}
      {(['topDown', 'bottomUp'] as const).map((key) => (
        <SizingEditor
          key={key}
          id={`${id}-${key}`}
          label={SIZING_LABELS[key]}
          sizing={fields[key]}
          onChange={(sizing) => onChange({ ...fields, [key]: sizing })}
        />
      ))}
      {fields.money ? (
        <>
          <SizingEditor id={`${id}-money`} label={SIZING_LABELS.money} sizing={fields.money} onChange={(money) => onChange({ ...fields, money })} />
          <button type="button" className="button button--secondary panel__small-button" onClick={() => onChange({ ...fields, money: null })}>
            Remove the money line
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button--secondary panel__small-button"
          onClick={() => onChange({ ...fields, money: { unit: 'USD per year', steps: [{ operation: 'start', value: '', label: '', source: ASSUMPTION }] } })}
        >
          Add a money line: what the problem costs, or the revenue at stake
        </button>
      )}
      {text('frequency', 'How often')}
      {text('pain', 'How painful')}
      {text('currentAlternatives', 'Used today')}
      <div className="memory-editor__field">
        <label htmlFor={`${id}-confidence`}>Confidence</label>
        <select
          id={`${id}-confidence`}
          className="memory-editor__input"
          value={fields.confidence}
          onChange={(event) => onChange({ ...fields, confidence: event.target.value as EstimateFields['confidence'] })}
        >
          {Object.entries(CONFIDENCE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {text('confidenceReasons', 'Why this confidence')}
      {fields.evidence.length > 0 && (
        <fieldset className="estimate-editor__evidence">
          <legend>Evidence</legend>
          <ul>
            {fields.evidence.map((link) => (
              <li key={link.url}>
                <span>{link.title}</span>
                <button
                  type="button"
                  className="button button--secondary panel__small-button"
                  aria-label={`Remove ${link.title}`}
                  onClick={() => onChange({ ...fields, evidence: fields.evidence.filter((other) => other.url !== link.url) })}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  );
}

function SizingEditor({ id, label, sizing, onChange }: { id: string; label: string; sizing: SizingFields; onChange: (sizing: SizingFields) => void }) {
  const setStep = (index: number, change: Partial<StepFields>) =>
    onChange({ ...sizing, steps: sizing.steps.map((step, at) => (at === index ? { ...step, ...change } : step)) });
  return (
    <fieldset className="estimate-editor__sizing">
      <legend>{label}</legend>
      {sizing.steps.map((step, index) => {
        const field = (name: string) => `${id}-${index}-${name}`;
        return (
          <div key={index} className="estimate-editor__step" role="group" aria-label={`${label}, step ${index + 1}`}>
            {index > 0 && (
              <div className="estimate-editor__field estimate-editor__operation">
                <label htmlFor={field('operation')}>Then</label>
                <select
                  id={field('operation')}
                  className="memory-editor__input"
                  value={step.operation}
                  onChange={(event) => setStep(index, { operation: event.target.value as EstimateOperation })}
                >
                  {(['multiply', 'divide', 'add', 'subtract'] as const).map((operation) => (
                    <option key={operation} value={operation}>
                      {OPERATION_SIGNS[operation]} {operation}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="estimate-editor__field estimate-editor__value">
              <label htmlFor={field('value')}>Value</label>
              <input
                id={field('value')}
                inputMode="decimal"
                className="memory-editor__input"
                value={step.value}
                onChange={(event) => setStep(index, { value: event.target.value })}
              />
            </div>
            <div className="estimate-editor__field">
              <label htmlFor={field('label')}>What it counts</label>
              <input
                id={field('label')}
                className="memory-editor__input"
                value={step.label}
                onChange={(event) => setStep(index, { label: event.target.value })}
              />
            </div>
            <div className="estimate-editor__field">
              <label htmlFor={field('source')}>Source: a link the co-founder found, its name in words, or '{ASSUMPTION}'</label>
              <input
                id={field('source')}
                className="memory-editor__input"
                value={step.source}
                onChange={(event) => setStep(index, { source: event.target.value })}
              />
            </div>
            {index > 0 && (
              <button
                type="button"
                className="button button--secondary panel__small-button"
                onClick={() => onChange({ ...sizing, steps: sizing.steps.filter((_, at) => at !== index) })}
              >
                Remove step {index + 1}
              </button>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="button button--secondary panel__small-button estimate-editor__add-step"
        onClick={() => onChange({ ...sizing, steps: [...sizing.steps, { operation: 'multiply', value: '', label: '', source: ASSUMPTION }] })}
      >
        Add a step to {label.toLowerCase()}
      </button>
      <div className="estimate-editor__sizing-foot">
        <label htmlFor={`${id}-unit`}>The result counts</label>
        <input
          id={`${id}-unit`}
          className="memory-editor__input estimate-editor__unit"
          value={sizing.unit}
          onChange={(event) => onChange({ ...sizing, unit: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
