import { createContext, use, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RENDERED_PAGE_ELEMENT_ID, type PageData, type RenderedPage } from '#contracts/page-data';

const RenderedPageContext = createContext<RenderedPage | null>(null);

/** Gives the pages the data the Worker rendered them with (the server and the hydrating browser alike). */
export function RenderedPageProvider({ page, children }: { page: RenderedPage | null; children: ReactNode }) {
  return <RenderedPageContext value={page}>{children}</RenderedPageContext>;
}

/**
 * The rendered data of this kind when the current page is the one the Worker rendered; null on
 * pages reached by navigating inside the app, which fetch their data themselves.
 */
export function useRenderedData<K extends PageData['kind']>(kind: K): Extract<PageData, { kind: K }> | null {
  const page = use(RenderedPageContext);
  const { pathname } = useLocation();
  const data = page?.data;
  if (!data || data.kind !== kind || page.path !== pathname) return null;
  return data as Extract<PageData, { kind: K }>;
}

/** The page the Worker rendered into this document, if it rendered one (docs/decisions/0034). */
export function readRenderedPage(): RenderedPage | null {
  const element = document.getElementById(RENDERED_PAGE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as RenderedPage;
  } catch {
    return null;
  }
}
