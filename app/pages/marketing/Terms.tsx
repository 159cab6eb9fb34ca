import { LegalDocument } from '../../components/LegalDocument';
import { TERMS } from '../../content/legal/terms';

export function Component() {
  return <LegalDocument document={TERMS} />;
}
