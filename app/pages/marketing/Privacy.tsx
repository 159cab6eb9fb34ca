import { LegalDocument } from '../../components/LegalDocument';
import { PRIVACY } from '../../content/legal/privacy';

export function Component() {
  return <LegalDocument document={PRIVACY} />;
}
