import type { Persona } from '#contracts/phases/personas';
import { ClaimsField, LinesField, NumberField, RemovableList, SelectField, TextField } from '../ArtifactFields';
import { CONFIDENCE_LABELS } from '../Evidence';

/**
 * A persona's fields as members edit them: everything they would correct, with its evidence kept
 * or removed, never written (docs/decisions/0048-members-edit-artifacts.md). Its name is the entry's title.
 */
export function PersonaFields({ id, value, onChange }: { id: string; value: Persona; onChange: (persona: Persona) => void }) {
  const set =
    <Key extends keyof Persona>(key: Key) =>
    (next: Persona[Key]) =>
      onChange({ ...value, [key]: next });
  const setJobs = (key: keyof Persona['jobs']) => (lines: string[]) => onChange({ ...value, jobs: { ...value.jobs, [key]: lines } });
  return (
    <>
      <TextField id={`${id}-role`} label="Role" value={value.role} onChange={set('role')} />
      <NumberField id={`${id}-age`} label="Age" value={value.age} min={18} max={90} onChange={set('age')} />
      <TextField id={`${id}-situation`} label="Situation" rows={3} value={value.situation} onChange={set('situation')} />
      <LinesField id={`${id}-functional`} label="Functional jobs" lines={value.jobs.functional} onChange={setJobs('functional')} />
      <LinesField id={`${id}-social`} label="Social jobs" lines={value.jobs.social} onChange={setJobs('social')} />
      <LinesField id={`${id}-emotional`} label="Emotional jobs" lines={value.jobs.emotional} onChange={setJobs('emotional')} />
      <ClaimsField id={`${id}-pains`} label="Pains, worst first" claims={value.pains} onChange={set('pains')} ranked />
      <ClaimsField id={`${id}-gains`} label="Gains, most wanted first" claims={value.gains} onChange={set('gains')} ranked />
      <LinesField id={`${id}-uses`} label="Uses today" lines={value.usesToday} onChange={set('usesToday')} />
      <LinesField id={`${id}-stories`} label="Job stories: When …, I want to …, so I can …" lines={value.jobStories} onChange={set('jobStories')} rows={4} />
      <TextField id={`${id}-early`} label="Early adopters" rows={2} value={value.earlyAdopter} onChange={set('earlyAdopter')} />
      <RemovableList label="Quotes" items={value.quotes} describe={(quote) => ({ text: quote.text, url: quote.url })} onChange={set('quotes')} />
      <RemovableList
        label="Where to reach them"
        items={value.reachAt}
        describe={(channel) => ({ text: channel.name, url: channel.url })}
        onChange={set('reachAt')}
      />
      <SelectField id={`${id}-confidence`} label="Confidence" value={value.confidence} options={CONFIDENCE_LABELS} onChange={set('confidence')} />
      <TextField id={`${id}-reasons`} label="Why that confidence" rows={2} value={value.confidenceReasons} onChange={set('confidenceReasons')} />
    </>
  );
}
