import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { SharedResult } from '#contracts/free-tools';
import { RESULT_NOT_FOUND_TITLE, SHARED_RESULT as COPY, sharedResultMeta } from '#contracts/pages/shared-result';
import { OFFLINE_DEMO_NOTE, TRY_FOR_FREE } from '../content/free-tools';
import { fetchSharedResult } from '../lib/free-tools';
import { useRenderedData } from '../lib/use-rendered-data';
import { ResultNotFound } from './ResultNotFound';
import { ShareMenu } from './ShareMenu';
import { Spinner } from './Spinner';

type Tool = SharedResult['tool'];
type ResultOf<T extends Tool> = Extract<SharedResult, { tool: T }>;

interface SharedResultPageProps<T extends Tool> {
  tool: T;
  /** The tool's own page, offered to make one's own. */
  toolPath: string;
  toolLabel: string;
  heading: string;
  intro: (input: string) => string;
  render: (shared: ResultOf<T>) => ReactNode;
}

type View<T extends Tool> = { kind: 'loading' } | { kind: 'missing' } | { kind: 'shown'; shared: ResultOf<T> };

/** A result of the other tool is not found here either (the Worker answered 404 too). */
function viewOf<T extends Tool>(shared: SharedResult | null, tool: T): View<T> {
  return shared?.tool === tool ? { kind: 'shown', shared: shared as ResultOf<T> } : { kind: 'missing' };
}

/** A shared result of one of the free tools, read-only, at /…-generator/r/:id. */
export function SharedResultPage<T extends Tool>({ tool, toolPath, toolLabel, heading, intro, render }: SharedResultPageProps<T>) {
  const { id = '' } = useParams();
  const rendered = useRenderedData('shared-result');
  const [view, setView] = useState<View<T>>(() => (rendered ? viewOf(rendered.shared, tool) : { kind: 'loading' }));

  useEffect(() => {
    // The Worker rendered this result (or its absence): nothing to fetch.
    if (rendered) return;
    let current = true;
    fetchSharedResult(id).then(
      (shared) => {
        if (!current) return;
        setView(viewOf(shared, tool));
      },
      (error: unknown) => {
        console.error('Loading the shared result failed', error);
        if (current) setView({ kind: 'missing' });
      },
    );
    return () => {
      current = false;
    };
  }, [id, tool, rendered]);

  // The page names itself once it knows what it shows, after the layout's title for the address.
  useEffect(() => {
    if (view.kind !== 'loading') document.title = view.kind === 'shown' ? sharedResultMeta(view.shared).title : RESULT_NOT_FOUND_TITLE;
  }, [view]);

  if (view.kind === 'loading') return <Spinner label={COPY.loading} />;
  if (view.kind === 'missing') return <ResultNotFound toolPath={toolPath} toolLabel={toolLabel} />;

  return (
    <div className="tool-page">
      <header className="tool-page__header">
        <div>
          <h1>{heading}</h1>
          <p className="tool-page__description">{intro(view.shared.input)}</p>
        </div>
        <ShareMenu />
      </header>
      {view.shared.offline_demo && <p className="tool-page__offline">{OFFLINE_DEMO_NOTE}</p>}
      {render(view.shared)}
      <div className="tool-page__actions">
        <Link to={toolPath} className="button button--secondary">
          {toolLabel}
        </Link>
        <Link to="/signup" className="button">
          {TRY_FOR_FREE}
        </Link>
      </div>
    </div>
  );
}
