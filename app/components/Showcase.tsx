import { useEffect, useState } from 'react';
import { SHOWCASE, type ShowcaseProject } from '../content/showcase';
import './Showcase.css';

/** A uniformly random permutation (Fisher-Yates). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/**
 * The founder showcase: every project of app/content/showcase.ts, in a new order per visit. The
 * Worker renders them in their written order; the browser shuffles them once hydrated, so both
 * renders agree (docs/decisions/0035).
 */
export function Showcase({ projects = SHOWCASE }: { projects?: readonly ShowcaseProject[] }) {
  const [ordered, setOrdered] = useState(projects);
  useEffect(() => setOrdered(shuffled(projects)), [projects]);
  return (
    <ul className="showcase" data-testid="showcase">
      {ordered.map((project) => (
        <li key={project.slug} className="showcase__card">
          <img className="showcase__image" src={project.image} alt={`${project.name} home page`} width={640} height={400} loading="lazy" decoding="async" />
          <div className="showcase__body">
            <h3 className="showcase__name">
              <img className="showcase__favicon" src={project.favicon} alt="" width={24} height={24} loading="lazy" decoding="async" />
              <a href={project.url} target="_blank" rel="noopener noreferrer" className="showcase__link">
                {project.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </h3>
            <p className="showcase__description">{project.description}</p>
            <p className="showcase__founder">by {project.founder}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
