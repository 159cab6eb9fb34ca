/** A legal document: sections of paragraphs and lists, rendered with a table of contents. */
export type LegalBlock = string | { list: readonly string[] };

export interface LegalSection {
  /** The anchor of the section (#id), stable so links to it keep working. */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** Both legal texts were last updated on this date. */
export const LEGAL_LAST_UPDATED = 'March 29, 2025';

export const COMPANY = {
  name: 'Launchmate S.R.L.',
  country: 'Romania',
  email: 'hello@launchmate.app',
} as const;
