import { PERSONAS_TOOLS, type Persona } from '#contracts/phases/personas';
import { fieldLabeller } from '../ArtifactFields';
import { savedNote } from '../SavedNote';
import type { ArtifactEditor, ArtifactViewProps, EntryOf, PhaseApp } from '../types';
import { PersonaFields } from './PersonaEditor';
import { PersonaView } from './PersonaView';
import './personas.css';

declare module '../types' {
  interface PhaseWorkspaceContext {
    /** Research-page answers the personas have not seen (the shared state's newResearchAnswers). */
    newResearchAnswers?: number;
  }
}

/** A persona in the memory, with the research answers it has not seen and a button asking the co-founder to review them. */
function PersonaEntryView({ entry, onAccept, workspace }: ArtifactViewProps<EntryOf<'persona'>>) {
  return <PersonaView entry={entry} onAccept={onAccept} newResearchAnswers={workspace?.newResearchAnswers} onAsk={workspace?.onAsk} />;
}

/** A persona's fields, as a validation issue names them. */
const issueLabel = fieldLabeller({
  title: 'Name',
  role: 'Role',
  age: 'Age',
  situation: 'Situation',
  functional: 'Functional jobs',
  social: 'Social jobs',
  emotional: 'Emotional jobs',
  pains: 'Pains',
  gains: 'Gains',
  usesToday: 'Uses today',
  jobStories: 'Job stories',
  earlyAdopter: 'Early adopters',
  confidenceReasons: 'Why that confidence',
  name: 'Name',
});

/** A persona as members edit it: its name is the entry's title. */
const PERSONA_EDITOR: ArtifactEditor<EntryOf<'persona'>, Persona> = {
  titleLabel: 'Name',
  fieldsOf: (entry) => entry.persona,
  contentOf: (persona) => ({ persona }),
  Editor: ({ id, fields, onChange }) => <PersonaFields id={id} value={fields} onChange={onChange} />,
  issueLabel,
};

/** Phase 4, 'Define user personas', in the workspace: personas, kept in step with the research answers. */
export const PERSONAS_APP = {
  phase: 4,
  artifactViews: { persona: PersonaEntryView },
  editors: { persona: PERSONA_EDITOR },
  toolCards: { [PERSONAS_TOOLS.savePersona]: savedNote('Saved a persona') },
  failedToolNotes: { [PERSONAS_TOOLS.savePersona]: 'A persona was refused: a quote or a link was not among what the tools returned.' },
  workspaceContext: (state) => ({ newResearchAnswers: state?.newResearchAnswers ?? 0 }),
} satisfies PhaseApp;
