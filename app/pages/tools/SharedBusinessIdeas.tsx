import { IdeaCards } from '../../components/IdeaCards';
import { SharedResultPage } from '../../components/SharedResultPage';
import { SHARED_RESULT as COPY } from '#contracts/pages/shared-result';
import { BUSINESS_IDEAS } from '../../content/free-tools';
import './tools.css';

/** /business-ideas-generator/r/:id: a shared result of the business ideas generator, read-only. */
export function Component() {
  return (
    <SharedResultPage
      tool="business-ideas"
      toolPath="/business-ideas-generator"
      toolLabel={COPY.ownIdeas}
      heading={BUSINESS_IDEAS.stepTwoHeading}
      intro={COPY.ideasIntro}
      render={(shared) => <IdeaCards pairs={shared.result.problem_solution_pairs} />}
    />
  );
}
