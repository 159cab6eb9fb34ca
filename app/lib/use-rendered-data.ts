import { use } from 'react';
import { useLocation } from 'react-router';
import type { PageData } from '#contracts/pages/page-data';
import { readRenderedPage, RenderedPageContext } from './rendered-page';

/**
 * The rendered data of this kind when the current page is the one the Worker rendered; null on
 * pages reached by navigating inside the app, which fetch their data themselves. Apart from
 * rendered-page.tsx so that the app's entry chunk stays as small as before (bench/bundle-size.mjs).
 * The Worker's render provides the page; the hydrating browser reads the same one from the document.
 */
export function useRenderedData<K extends PageData['kind']>(kind: K): Extract<PageData, { kind: K }> | null {
  const page = use(RenderedPageContext) ?? readRenderedPage();
  const { pathname } = useLocation();
  const data = page?.data;
  if (!data || data.kind !== kind || page.path !== pathname) return null;
  return data as Extract<PageData, { kind: K }>;
}
