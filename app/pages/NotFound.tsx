import { Link } from 'react-router';
import './NotFound.css';

export function Component() {
  return (
    <section className="not-found page">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>Oops! The page you're looking for doesn't exist.</p>
      <Link className="button" to="/">
        Go to Homepage
      </Link>
    </section>
  );
}
