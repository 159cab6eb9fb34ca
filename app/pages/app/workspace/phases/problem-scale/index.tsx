import { PROBLEM_SCALE_TOOLS, type ResearchDraft } from '#contracts/phases/problem-scale';
import type { ArtifactEditor, EntryOf, PhaseApp } from '../types';
import { EstimateFieldsEditor, estimateFieldsOf, estimateIssueLabel, estimateOf, EstimateView, type EstimateFields } from './EstimateView';
import { ReadResponsesNote, ResearchDraftToolCard, SavedEstimateNote, SearchDiscussionsCard } from './ToolCards';
import './problem-scale.css';

declare module '../types' {
  interface PhaseConversationProps {
    /** 'Create this research page' on a draft of the co-founder: told once the page exists. */
    onCreateResearchPage?: (draft: ResearchDraft) => void;
    /** The scale estimate in the memory now, if any: answers that quoted an older version say so. */
    estimate?: { id: string; version: number } | null;
  }
  interface PhaseRowProps {
    /** Told once a research page was created from a draft of the co-founder. */
    onCreateResearchPage?: (draft: ResearchDraft) => void;
    /** The scale estimate in the memory now (id and version), so an answer that quoted an older one says so. */
    estimateId?: string;
    estimateVersion?: number;
  }
}

/** The estimate in the memory editor: its fields as text inputs, numbers parsed on save by the shared schema. */
const ESTIMATE_EDITOR: ArtifactEditor<EntryOf<'scale_estimate'>, EstimateFields> = {
  fieldsOf: estimateFieldsOf,
  contentOf: (fields) => ({ estimate: estimateOf(fields) }),
  Editor: EstimateFieldsEditor,
  issueLabel: (path) => (path[0] === 'estimate' ? estimateIssueLabel(path.slice(1)) : undefined),
};

/**
 * Phase 2, "Estimate the problem's scale and impact", in the workspace: the estimate (shown after
 * the chosen idea), the discussions its search found, and the research pages it drafts.
 */
export const PROBLEM_SCALE_APP = {
  phase: 2,
  artifactViews: { scale_estimate: EstimateView },
  editors: { scale_estimate: ESTIMATE_EDITOR },
  memoryOrder: { scale_estimate: 1 },
  toolCards: {
    [PROBLEM_SCALE_TOOLS.searchDiscussions]: SearchDiscussionsCard,
    [PROBLEM_SCALE_TOOLS.draftResearchPage]: ResearchDraftToolCard,
    [PROBLEM_SCALE_TOOLS.saveScaleEstimate]: SavedEstimateNote,
    [PROBLEM_SCALE_TOOLS.readResearchResponses]: ReadResponsesNote,
  },
  failedToolNotes: {
    [PROBLEM_SCALE_TOOLS.searchDiscussions]: 'A search could not run.',
    [PROBLEM_SCALE_TOOLS.saveScaleEstimate]: 'The estimate could not be saved as written.',
    [PROBLEM_SCALE_TOOLS.draftResearchPage]: 'The research page draft was not valid.',
    [PROBLEM_SCALE_TOOLS.readResearchResponses]: 'The responses could not be read just now.',
  },
  conversationProps: ({ state, notify }) => ({
    estimate: state?.memory.find((entry) => entry.kind === 'scale_estimate') ?? null,
    // The draft's card creates its page in place (ResearchDraftCard); the workspace confirms it.
    onCreateResearchPage: (draft) => notify.success(`The research page “${draft.title}” was created.`),
  }),
  rowProps: ({ onCreateResearchPage, estimate }) => ({ onCreateResearchPage, estimateId: estimate?.id, estimateVersion: estimate?.version }),
} satisfies PhaseApp;
