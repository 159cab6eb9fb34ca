import { useState, type FormEvent } from 'react';
import { BusinessIdeasRequestSchema, IDEAS_PER_REQUEST, TOOL_INPUT_MAX, type ProblemSolutionPair } from '#contracts/free-tools';
import { TextField } from '../../components/FormField';
import { IdeaCards } from '../../components/IdeaCards';
import { ToolPage } from '../../components/ToolPage';
import { BUSINESS_IDEAS as COPY } from '../../content/free-tools';
import { randomIndustry } from '../../content/industries';
import { track } from '../../lib/analytics';
import { generateBusinessIdeas, resultPath, useGeneration, useToolCount } from '../../lib/free-tools';

interface Result {
  id: string;
  offlineDemo: boolean;
}

/** /business-ideas-generator: an industry in, 10 problem and solution cards out, one by one. */
export function Component() {
  const [industry, setIndustry] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pairs, setPairs] = useState<ProblemSolutionPair[]>([]);
  const [result, setResult] = useState<Result | null>(null);
  const { status, elapsedSeconds, run } = useGeneration();
  const counter = useToolCount('business-ideas');
  const pending = status === 'pending';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = BusinessIdeasRequestSchema.safeParse({ industry });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    setPairs([]);
    const done = await run((signal) =>
      generateBusinessIdeas(parsed.data.industry, (event) => event.type === 'idea' && setPairs((shown) => [...shown, event.idea]), signal),
    );
    if (!done) {
      setPairs([]);
      return;
    }
    // The final answer is the reference: it has every idea, whatever the stream delivered.
    setPairs(done.problem_solution_pairs);
    setResult({ id: done.id, offlineDemo: done.offline_demo });
    counter.add(done.problem_solution_pairs.length);
    track('business-ideas-generated', { ideas: done.problem_solution_pairs.length });
  }

  const shareLink = result ? new URL(resultPath('business-ideas', result.id), window.location.origin).href : undefined;

  return (
    <ToolPage
      copy={COPY}
      shareLink={shareLink}
      status={status}
      elapsedSeconds={elapsedSeconds}
      onSubmit={(event) => void submit(event)}
      fields={
        <div className="tool-form__row">
          <TextField
            className="tool-form__field"
            label={COPY.inputLabel}
            name="industry"
            placeholder={COPY.placeholder}
            value={industry}
            onChange={(event) => setIndustry(event.target.value)}
            maxLength={TOOL_INPUT_MAX}
            required
            autoComplete="off"
            disabled={pending}
            error={fieldError}
          />
          <button
            type="button"
            className="button button--secondary tool-form__random"
            onClick={() => {
              setIndustry((current) => randomIndustry(current));
              setFieldError(null);
            }}
            disabled={pending}
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <rect x="3" y="3" width="14" height="14" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <circle cx="7.5" cy="7.5" r="1.3" fill="currentColor" />
              <circle cx="12.5" cy="12.5" r="1.3" fill="currentColor" />
              <circle cx="12.5" cy="7.5" r="1.3" fill="currentColor" />
              <circle cx="7.5" cy="12.5" r="1.3" fill="currentColor" />
            </svg>
            {COPY.randomButton}
          </button>
        </div>
      }
      announcement={pairs.length > 0 ? COPY.progress(pairs.length, Math.max(pairs.length, IDEAS_PER_REQUEST)) : ''}
      output={pairs.length > 0 && <IdeaCards pairs={pairs} />}
      input={industry.trim()}
      offlineDemo={result?.offlineDemo ?? false}
      counter={counter.count === null ? null : COPY.counter(counter.count)}
    />
  );
}
