import type { ProblemSolutionPair } from '#contracts/free-tools';
import { BUSINESS_IDEAS } from '../content/free-tools';
import { CopyButton } from './CopyButton';
import './IdeaCards.css';

/** The numbered problem and solution cards of the business ideas generator. */
export function IdeaCards({ pairs }: { pairs: readonly ProblemSolutionPair[] }) {
  return (
    <ol className="idea-cards">
      {pairs.map(([problem, solution], index) => (
        <li key={index} className="idea-card">
          <span className="idea-card__number" aria-hidden="true">
            {index + 1}
          </span>
          <div className="idea-card__body">
            <h3 className="idea-card__label">{BUSINESS_IDEAS.problem}</h3>
            <p className="idea-card__text">{problem}</p>
            <h3 className="idea-card__label">{BUSINESS_IDEAS.solution}</h3>
            <p className="idea-card__text">{solution}</p>
            <CopyButton
              className="button button--secondary idea-card__copy"
              text={`${BUSINESS_IDEAS.problem}: ${problem}\n${BUSINESS_IDEAS.solution}: ${solution}`}
              label={BUSINESS_IDEAS.copy}
              copiedLabel={BUSINESS_IDEAS.copied}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
