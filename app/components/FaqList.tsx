import type { Faq } from '../content/faqs';
import './FaqList.css';

/** Questions that open in place (native disclosure widgets: keyboard and screen readers for free). */
export function FaqList({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <div className="faq-list">
      {faqs.map((faq) => (
        <details key={faq.question} className="faq-list__item">
          <summary className="faq-list__question">{faq.question}</summary>
          <p className="faq-list__answer">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
