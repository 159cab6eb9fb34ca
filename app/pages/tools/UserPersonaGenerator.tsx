import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TOOL_INPUT_MAX, UserPersonaRequestSchema } from '#contracts/free-tools';
import { TextField } from '../../components/FormField';
import { PersonaProfile, type PersonaSoFar } from '../../components/PersonaProfile';
import { ShareMenu } from '../../components/ShareMenu';
import { ToolInfo } from '../../components/ToolInfo';
import { ToolProgress } from '../../components/ToolProgress';
import { OFFLINE_DEMO_NOTE, TRY_FOR_FREE, USER_PERSONA as COPY } from '../../content/free-tools';
import { track } from '../../lib/analytics';
import { generateUserPersona, resultPath, useGeneration, useToolCount } from '../../lib/free-tools';
import './tools.css';

interface Result {
  id: string;
  offlineDemo: boolean;
}

/** /user-persona-generator: a product description in, one detailed persona out, field by field. */
export function Component() {
  const [description, setDescription] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [persona, setPersona] = useState<PersonaSoFar | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const { status, elapsedSeconds, run } = useGeneration();
  const counter = useToolCount('user-persona');
  const pending = status === 'pending';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UserPersonaRequestSchema.safeParse({ product_description: description });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    setPersona(null);
    const done = await run((signal) =>
      generateUserPersona(parsed.data.product_description, (event) => event.type === 'persona' && setPersona(event.user_persona), signal),
    );
    if (!done) {
      setPersona(null);
      return;
    }
    setPersona(done.user_persona);
    setResult({ id: done.id, offlineDemo: done.offline_demo });
    counter.add(1);
    track('user-persona-generated');
  }

  const shareLink = result ? new URL(resultPath('user-persona', result.id), window.location.origin).href : undefined;

  return (
    <div className="tool-page">
      <header className="tool-page__header">
        <div>
          <h1>{COPY.title}</h1>
          <p className="tool-page__description">{COPY.description}</p>
        </div>
        <ShareMenu link={shareLink} />
      </header>

      {status !== 'done' && (
        <section className="tool-step" aria-labelledby="step-one">
          <p className="tool-step__number">{COPY.stepOne}</p>
          <h2 id="step-one">{COPY.stepOneHeading}</h2>
          <form className="tool-form" onSubmit={submit} noValidate>
            <TextField
              className="tool-form__field"
              label={COPY.inputLabel}
              name="product_description"
              placeholder={COPY.placeholder}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={TOOL_INPUT_MAX}
              required
              autoComplete="off"
              disabled={pending}
              error={fieldError}
            />
            {pending ? (
              <ToolProgress label={COPY.pending} note={COPY.pendingNote} seconds={elapsedSeconds} />
            ) : (
              <button type="submit" className="button tool-form__submit">
                {COPY.submit}
              </button>
            )}
          </form>
        </section>
      )}

      <p className="visually-hidden" aria-live="polite">
        {status === 'done' ? COPY.ready : ''}
      </p>

      {persona && (
        <section className="tool-step" aria-labelledby="step-two" aria-busy={pending}>
          <p className="tool-step__number">{COPY.stepTwo}</p>
          <h2 id="step-two">{COPY.stepTwoHeading}</h2>
          {result?.offlineDemo && <p className="tool-page__offline">{OFFLINE_DEMO_NOTE}</p>}
          <PersonaProfile persona={persona} />
          {status === 'done' && (
            <div className="tool-page__actions">
              <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
                {COPY.again}
              </button>
              <Link to="/signup" className="button">
                {TRY_FOR_FREE}
              </Link>
            </div>
          )}
        </section>
      )}

      <ToolInfo counter={counter.count === null ? null : COPY.counter(counter.count)} steps={COPY.howItWorks} faq={COPY.faq} />
    </div>
  );
}
