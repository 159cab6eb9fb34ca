import { useParams } from 'react-router';
import { COMPETITORS_TOOLS, type Competitor, type Landscape } from '#contracts/phases/competitors';
import { fieldLabeller } from '../ArtifactFields';
import { savedNote } from '../SavedNote';
import type { ArtifactEditor, ArtifactViewProps, EntryOf, PhaseApp, WorkspaceCardProps } from '../types';
import { CompetitorFields, LandscapeFields } from './CompetitorEditor';
import { CompetitorView, LandscapeView } from './CompetitorView';
import { ResearchRunCard } from './ResearchRunCard';
import { FindCompetitorsCard, ProposedRunNote, ReadPageNote } from './ToolCards';
import './competitors.css';

declare module '../types' {
  interface PhaseEntryRequests {
    /** 'Check again': read a competitor's pages again, and say what changed. */
    competitor_check: true;
  }
}

/** A competitor card in the memory; 'Check again' reads its pages again (a `competitor_check` request). */
function CompetitorEntryView({ entry, onRequest }: ArtifactViewProps<EntryOf<'competitor'>>) {
  return <CompetitorView entry={entry} onCheckAgain={onRequest && (() => onRequest('competitor_check'))} />;
}

/** The project's research run, over the workspace for every member: approved or stopped by any of them. */
function ResearchRun({ state, request }: WorkspaceCardProps) {
  const { projectId = '' } = useParams();
  return <ResearchRunCard projectId={projectId} run={state?.run} changeRun={(type, runId) => request({ type, runId })} />;
}

/** The fields of a competitor and of the gaps and map, as a validation issue names them. */
const issueLabel = fieldLabeller(
  {
    title: 'Name',
    forWhom: 'For whom',
    strengths: 'Strengths',
    weaknesses: 'Weaknesses',
    gaps: 'Gaps',
    description: 'Description',
    competitors: 'Competitors it concerns',
    evidence: 'Evidence',
    label: 'Axis label',
    low: 'Low end',
    high: 'High end',
    placements: 'Positions',
    name: 'Name',
    x: 'Position',
    y: 'Position',
  },
  'Gap title',
);

/** Phase 3's artifacts as members edit them: names are the entries' titles. */
const COMPETITOR_EDITOR: ArtifactEditor<EntryOf<'competitor'>, Competitor> = {
  titleLabel: 'Name',
  fieldsOf: (entry) => entry.competitor,
  contentOf: (competitor) => ({ competitor }),
  Editor: ({ id, fields, onChange }) => <CompetitorFields id={id} value={fields} onChange={onChange} />,
  issueLabel,
};

const LANDSCAPE_EDITOR: ArtifactEditor<EntryOf<'landscape'>, Landscape> = {
  fieldsOf: (entry) => entry.landscape,
  contentOf: (landscape) => ({ landscape }),
  Editor: ({ id, fields, onChange }) => <LandscapeFields id={id} value={fields} onChange={onChange} />,
  issueLabel,
};

/** Phase 3, 'Research competitors and gaps', in the workspace: competitor cards, the gaps and the positioning map, and long research runs. */
export const COMPETITORS_APP = {
  phase: 3,
  artifactViews: { competitor: CompetitorEntryView, landscape: LandscapeView },
  editors: { competitor: COMPETITOR_EDITOR, landscape: LANDSCAPE_EDITOR },
  toolCards: {
    [COMPETITORS_TOOLS.findCompetitors]: FindCompetitorsCard,
    [COMPETITORS_TOOLS.readPage]: ReadPageNote,
    [COMPETITORS_TOOLS.proposeResearchRun]: ProposedRunNote,
    [COMPETITORS_TOOLS.saveCompetitor]: savedNote('Saved a competitor card'),
    [COMPETITORS_TOOLS.saveLandscape]: savedNote('Saved the gaps and the positioning map'),
  },
  failedToolNotes: {
    [COMPETITORS_TOOLS.findCompetitors]: 'A competitor search could not run.',
    [COMPETITORS_TOOLS.readPage]: 'A page was not read: its address was not one the tools returned.',
    [COMPETITORS_TOOLS.saveCompetitor]: 'A competitor card was refused: its evidence was not among what the tools returned.',
    [COMPETITORS_TOOLS.saveLandscape]: 'The gaps and map were refused as written.',
    [COMPETITORS_TOOLS.proposeResearchRun]: 'The research run could not be proposed.',
  },
  workspaceCards: [ResearchRun],
} satisfies PhaseApp;
