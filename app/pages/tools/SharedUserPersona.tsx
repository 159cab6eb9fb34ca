import { PersonaProfile } from '../../components/PersonaProfile';
import { SharedResultPage } from '../../components/SharedResultPage';
import { SHARED_RESULT as COPY } from '#contracts/pages/shared-result';
import { USER_PERSONA } from '../../content/free-tools';
import './tools.css';

/** /user-persona-generator/r/:id: a shared persona, read-only. */
export function Component() {
  return (
    <SharedResultPage
      tool="user-persona"
      toolPath="/user-persona-generator"
      toolLabel={COPY.ownPersona}
      heading={USER_PERSONA.stepTwoHeading}
      intro={COPY.personaIntro}
      render={(shared) => <PersonaProfile persona={shared.result.user_persona} />}
    />
  );
}
