import { Link } from 'react-router';
import { useSessionUser } from '../lib/session-user';
import './CallToAction.css';

/**
 * The closing invitation of the marketing pages. A signed-in founder has started already: they
 * are sent back to their projects, not invited to start.
 */
export function CallToAction({ title = 'Ready to find out if your idea is worth building?' }: { title?: string }) {
  const user = useSessionUser();
  return (
    <section className="call-to-action" aria-labelledby="call-to-action-title">
      <h2 id="call-to-action-title" className="call-to-action__title">
        {user ? 'Pick up where you left off' : title}
      </h2>
      {user ? (
        <>
          <p className="call-to-action__text">Your projects and their co-founder are on your dashboard.</p>
          <Link className="button call-to-action__button" to="/dashboard">
            Go to your dashboard
          </Link>
        </>
      ) : (
        <>
          <p className="call-to-action__text">Start with 2 free phases. No card needed.</p>
          <Link className="button call-to-action__button" to="/signup">
            Start with 2 free phases
          </Link>
        </>
      )}
    </section>
  );
}
