import type { FaqItem, HowItWorksStep } from '../content/free-tools';
import './ToolInfo.css';

/** The lower half of a tool page: the public counter, how it works in 3 steps, and the FAQ. */
export function ToolInfo({ counter, steps, faq }: { counter: string | null; steps: readonly HowItWorksStep[]; faq: readonly FaqItem[] }) {
  return (
    <div className="tool-info">
      {counter !== null && <p className="tool-info__counter">{counter}</p>}
      <section className="tool-info__section" aria-labelledby="how-it-works">
        <h2 id="how-it-works">How it works</h2>
        <ol className="tool-info__steps">
          {steps.map((step, index) => (
            <li key={step.title} className="tool-info__step">
              <span className="tool-info__step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="tool-info__section" aria-labelledby="faq">
        <h2 id="faq">Frequently asked questions</h2>
        <div className="tool-info__faq">
          {faq.map((item) => (
            <details key={item.question} className="tool-info__question">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
