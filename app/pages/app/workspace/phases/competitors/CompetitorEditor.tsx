import { COMPETITOR_CATEGORY_LABELS, type Competitor, type Landscape } from '#contracts/phases/competitors';
import { ClaimsField, LinesField, NumberField, SelectField, TextField } from '../ArtifactFields';
import { Link } from '../Evidence';

/**
 * Phase 3's artifacts as members edit them: what they would correct, with the evidence kept or
 * removed, never written (docs/decisions/0048-members-edit-artifacts.md). Names are the entries' titles.
 */
export function CompetitorFields({ id, value, onChange }: { id: string; value: Competitor; onChange: (competitor: Competitor) => void }) {
  return (
    <>
      <SelectField
        id={`${id}-category`}
        label="Kind"
        value={value.category}
        options={COMPETITOR_CATEGORY_LABELS}
        onChange={(category) => onChange({ ...value, category })}
      />
      <TextField id={`${id}-for-whom`} label="For whom" rows={2} value={value.forWhom} onChange={(forWhom) => onChange({ ...value, forWhom })} />
      {value.pricing.status === 'found' && (
        <fieldset className="artifact-editor__group">
          <legend>Pricing</legend>
          <div className="artifact-editor__item">
            <span className="artifact-editor__cited">
              “{value.pricing.quote}” (<Link href={value.pricing.url}>its page</Link>)
            </span>
            <button
              type="button"
              className="button button--secondary panel__small-button"
              aria-label="Remove the quoted price"
              onClick={() => onChange({ ...value, pricing: { status: 'not_found' } })}
            >
              Remove
            </button>
          </div>
        </fieldset>
      )}
      <ClaimsField id={`${id}-strengths`} label="Strengths" claims={value.strengths} onChange={(strengths) => onChange({ ...value, strengths })} />
      <ClaimsField id={`${id}-weaknesses`} label="Weaknesses" claims={value.weaknesses} onChange={(weaknesses) => onChange({ ...value, weaknesses })} />
    </>
  );
}

type Gap = Landscape['gaps'][number];
type Axis = Landscape['axes']['x'];

export function LandscapeFields({ id, value, onChange }: { id: string; value: Landscape; onChange: (landscape: Landscape) => void }) {
  const setGap = (index: number, change: Partial<Gap>) =>
    onChange({ ...value, gaps: value.gaps.map((gap, at) => (at === index ? { ...gap, ...change } : gap)) });
  const setAxis = (name: 'x' | 'y', change: Partial<Axis>) => onChange({ ...value, axes: { ...value.axes, [name]: { ...value.axes[name], ...change } } });
  const setPlacement = (index: number, change: Partial<Landscape['placements'][number]>) =>
    onChange({ ...value, placements: value.placements.map((placement, at) => (at === index ? { ...placement, ...change } : placement)) });
  return (
    <>
      {value.gaps.map((gap, index) => (
        <fieldset key={index} className="artifact-editor__group">
          <legend>Gap {index + 1}</legend>
          <TextField id={`${id}-gap-${index}-title`} label="Gap title" value={gap.title} onChange={(title) => setGap(index, { title })} />
          <TextField
            id={`${id}-gap-${index}-description`}
            label="Description"
            rows={2}
            value={gap.description}
            onChange={(description) => setGap(index, { description })}
          />
          <LinesField
            id={`${id}-gap-${index}-competitors`}
            label="Competitors it concerns"
            lines={gap.competitors}
            rows={2}
            onChange={(competitors) => setGap(index, { competitors })}
          />
          <ClaimsField id={`${id}-gap-${index}-evidence`} label="Evidence" claims={gap.evidence} onChange={(evidence) => setGap(index, { evidence })} />
          {value.gaps.length > 1 && (
            <button
              type="button"
              className="button button--secondary panel__small-button"
              aria-label={`Remove the gap “${gap.title}”`}
              onClick={() => onChange({ ...value, gaps: value.gaps.filter((_, at) => at !== index) })}
            >
              Remove this gap
            </button>
          )}
        </fieldset>
      ))}
      {(['x', 'y'] as const).map((name) => (
        <fieldset key={name} className="artifact-editor__group">
          <legend>{name === 'x' ? 'Horizontal axis' : 'Vertical axis'}</legend>
          <TextField id={`${id}-${name}-label`} label="Axis label" value={value.axes[name].label} onChange={(label) => setAxis(name, { label })} />
          <TextField id={`${id}-${name}-low`} label="Low end" value={value.axes[name].low} onChange={(low) => setAxis(name, { low })} />
          <TextField id={`${id}-${name}-high`} label="High end" value={value.axes[name].high} onChange={(high) => setAxis(name, { high })} />
        </fieldset>
      ))}
      <fieldset className="artifact-editor__group">
        <legend>Positions, from 0 to 10</legend>
        {value.placements.map((placement, index) => (
          <div key={index} className="artifact-editor__position">
            <TextField
              id={`${id}-place-${index}-name`}
              label={placement.isIdea ? 'Your idea' : 'Name'}
              value={placement.name}
              onChange={(name) => setPlacement(index, { name })}
            />
            <NumberField
              id={`${id}-place-${index}-x`}
              label={value.axes.x.label || 'Horizontal'}
              min={0}
              max={10}
              value={placement.x}
              onChange={(x) => setPlacement(index, { x })}
            />
            <NumberField
              id={`${id}-place-${index}-y`}
              label={value.axes.y.label || 'Vertical'}
              min={0}
              max={10}
              value={placement.y}
              onChange={(y) => setPlacement(index, { y })}
            />
          </div>
        ))}
      </fieldset>
    </>
  );
}
