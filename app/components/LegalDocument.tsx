import { Link } from 'react-router';
import type { LegalDocument as LegalDocumentContent } from '../content/legal/types';
import './LegalDocument.css';

/** A legal text: title, date, table of contents, then numbered sections. */
export function LegalDocument({ document }: { document: LegalDocumentContent }) {
  return (
    <article className="legal">
      <header className="legal__header">
        <h1 className="legal__title">{document.title}</h1>
        <p className="legal__updated">Last updated {document.lastUpdated}</p>
        <p className="legal__intro">{document.intro}</p>
      </header>

      <nav className="legal__toc" aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title" className="legal__toc-title">
          Contents
        </h2>
        <ol className="legal__toc-list">
          {document.sections.map((section) => (
            <li key={section.id}>
              <Link to={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
        </ol>
      </nav>

      {document.sections.map((section, index) => (
        <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className="legal__section-title">
            {index + 1}. {section.title}
          </h2>
          {section.blocks.map((block, blockIndex) =>
            typeof block === 'string' ? (
              <p key={blockIndex}>{block}</p>
            ) : (
              <ul key={blockIndex}>
                {block.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}
