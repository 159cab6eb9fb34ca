import { Link } from 'react-router';

/** No article is published yet, so every slug is the not-found view of the spec. */
export function Component() {
  return (
    <section className="page">
      <h1>Article not found</h1>
      <p>Sorry, the article you're looking for doesn't exist.</p>
      <Link to="/blog">See all articles</Link>
    </section>
  );
}
