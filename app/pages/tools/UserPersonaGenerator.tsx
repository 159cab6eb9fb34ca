import { useState, type FormEvent } from 'react';
import { TOOL_INPUT_MAX, UserPersonaRequestSchema } from '#contracts/free-tools';
import { TextField } from '../../components/FormField';
import { PersonaProfile, type PersonaSoFar } from '../../components/PersonaProfile';
import { ToolPage } from '../../components/ToolPage';
import { USER_PERSONA as COPY } from '../../content/free-tools';
import { track } from '../../lib/analytics';
import { generateUserPersona, resultPath, useGeneration, useToolCount } from '../../lib/free-tools';

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
      generateUserPersona(
        parsed.data.product_description,
        (event) => event.type === 'persona' && setPersona((soFar) => ({ ...soFar, ...event.user_persona })),
        signal,
      ),
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
    <ToolPage
      copy={COPY}
      shareLink={shareLink}
      status={status}
      elapsedSeconds={elapsedSeconds}
      onSubmit={(event) => void submit(event)}
      fields={
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
      }
      announcement={status === 'done' ? COPY.ready : ''}
      output={persona && <PersonaProfile persona={persona} />}
      offlineDemo={result?.offlineDemo ?? false}
      counter={counter.count === null ? null : COPY.counter(counter.count)}
    />
  );
}
