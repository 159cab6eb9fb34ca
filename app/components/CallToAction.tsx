import { Link } from 'react-router';
import './CallToAction.css';

/** The closing invitation of the marketing pages. */
export function CallToAction({ title = 'Ready to find out if your idea is worth building?' }: { title?: string }) {
  return (
    <section className="call-to-action" aria-labelledby="call-to-action-title">
      <h2 id="call-to-action-title" className="call-to-action__title">
        {title}
      </h2>
      <p className="call-to-action__text">Start with 2 free phases. No card needed.</p>
      <Link className="button call-to-action__button" to="/signup">
        Start with 2 free phases
      </Link>
    </section>
  );
}
