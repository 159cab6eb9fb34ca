import { createContext, type ReactNode } from 'react';
import { RENDERED_PAGE_ELEMENT_ID, type RenderedPage } from '#contracts/pages/page-data';

/**
 * The page the Worker rendered, for pages to read through useRenderedData (use-rendered-data.ts).
 * The Worker's render provides it; in the browser it is read from the document instead, so the
 * app's entry chunk carries none of this (bench/bundle-size.mjs).
 */
export const RenderedPageContext = createContext<RenderedPage | null>(null);

/** Gives the pages the data the Worker renders them with. */
export function RenderedPageProvider({ page, children }: { page: RenderedPage | null; children: ReactNode }) {
  return <RenderedPageContext value={page}>{children}</RenderedPageContext>;
}

let fromDocument: RenderedPage | null | undefined;

/** The page the Worker rendered into this document, if it rendered one (docs/decisions/0034). */
export function readRenderedPage(): RenderedPage | null {
  fromDocument ??= parseRenderedPage();
  return fromDocument;
}

function parseRenderedPage(): RenderedPage | null {
  const element = document.getElementById(RENDERED_PAGE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as RenderedPage;
  } catch {
    return null;
  }
}
