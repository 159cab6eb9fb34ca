import type { QuestionType } from '#contracts/research';
import type { ResearchDraft } from '#contracts/workspace';

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Free text',
  multiple_choice: 'One choice',
  checkbox: 'Several choices',
  rating: 'Rating',
  email: 'E-mail',
};

/**
 * A research page the co-founder drafted: its questions, the assumptions they test, and
 * 'Create this research page', which opens the editor pre-filled (nothing exists until saved).
 */
export function ResearchDraftCard({ draft, onCreate }: { draft: ResearchDraft; onCreate?: (draft: ResearchDraft) => void }) {
  return (
    <section className="research-draft" aria-label={`Draft research page: ${draft.title}`}>
      <p className="research-draft__kind">Draft research page</p>
      <h3 className="research-draft__title">{draft.title}</h3>
      <p className="research-draft__tests">Tests: {draft.testsAssumptions.join('; ')}</p>
      <ol className="research-draft__questions">
        {draft.questions.map((question, index) => (
          <li key={index}>
            {question.text} <span className="research-draft__type">({QUESTION_TYPE_LABELS[question.type]}{question.options?.length ? `: ${question.options.join(' / ')}` : ''})</span>
          </li>
        ))}
      </ol>
      {onCreate && (
        <button type="button" className="button research-draft__create" onClick={() => onCreate(draft)}>
          Create this research page
        </button>
      )}
    </section>
  );
}
