import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { OFFLINE_DEMO_NOTE, TRY_FOR_FREE, type FaqItem, type HowItWorksStep } from '../content/free-tools';
import type { GenerationStatus } from '../lib/free-tools';
import { useHydrated } from '../lib/use-hydrated';
import { ShareMenu } from './ShareMenu';
import { ToolInfo } from './ToolInfo';
import { ToolProgress } from './ToolProgress';
import '../pages/tools/tools.css';

/** The copy every free tool page has, from app/content/free-tools.ts. */
export interface ToolPageCopy {
  title: string;
  description: string;
  stepOne: string;
  stepOneHeading: string;
  submit: string;
  pending: string;
  pendingNote: string;
  stepTwo: string;
  stepTwoHeading: string;
  again: string;
  howItWorks: readonly HowItWorksStep[];
  faq: readonly FaqItem[];
}

interface ToolPageProps {
  copy: ToolPageCopy;
  /** The shareable result's address once there is one; without it, the page's address when the link is copied. */
  shareLink?: string;
  status: GenerationStatus;
  elapsedSeconds: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The inputs of step 1. */
  fields: ReactNode;
  /** Read politely to screen readers as results arrive. */
  announcement: string;
  /** The result so far (step 2), or null before the first part arrives. */
  output: ReactNode;
  /** What the visitor asked for, repeated above a finished result. */
  input?: string;
  offlineDemo: boolean;
  /** "N ideas generated so far", or null while unknown. */
  counter: string | null;
}

/**
 * The page both free tools share: the header with its share menu, step 1 (the form, then the
 * elapsed seconds while generating), step 2 (the streamed result and what to do next), and how it
 * works with the FAQ.
 */
export function ToolPage({ copy, shareLink, status, elapsedSeconds, onSubmit, fields, announcement, output, input, offlineDemo, counter }: ToolPageProps) {
  const pending = status === 'pending';
  const hydrated = useHydrated();
  return (
    <div className="tool-page">
      <header className="tool-page__header">
        <div>
          <h1>{copy.title}</h1>
          <p className="tool-page__description">{copy.description}</p>
        </div>
        <ShareMenu link={shareLink} />
      </header>

      {status !== 'done' && (
        <section className="tool-step" aria-labelledby="step-one">
          <p className="tool-step__number">{copy.stepOne}</p>
          <h2 id="step-one">{copy.stepOneHeading}</h2>
          <form className="tool-form" onSubmit={onSubmit} noValidate>
            {/* Disabled until hydrated: text typed into the Worker's HTML would not reach the
                tool's state, and a press would send the form without it (docs/decisions/0035). */}
            <fieldset className="tool-form__controls" disabled={!hydrated}>
              {fields}
              {pending ? (
                <ToolProgress label={copy.pending} note={copy.pendingNote} seconds={elapsedSeconds} />
              ) : (
                <button type="submit" className="button tool-form__submit">
                  {copy.submit}
                </button>
              )}
            </fieldset>
          </form>
        </section>
      )}

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {output && (
        <section className="tool-step" aria-labelledby="step-two" aria-busy={pending}>
          <p className="tool-step__number">{copy.stepTwo}</p>
          <h2 id="step-two">{copy.stepTwoHeading}</h2>
          {status === 'done' && input && <p className="tool-step__input">{input}</p>}
          {offlineDemo && <p className="tool-page__offline">{OFFLINE_DEMO_NOTE}</p>}
          {output}
          {status === 'done' && (
            <div className="tool-page__actions">
              <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
                {copy.again}
              </button>
              <Link to="/signup" className="button">
                {TRY_FOR_FREE}
              </Link>
            </div>
          )}
        </section>
      )}

      <ToolInfo counter={counter} steps={copy.howItWorks} faq={copy.faq} />
    </div>
  );
}
