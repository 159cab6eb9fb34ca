export function Component() {
  return (
    <section className="page">
      <h1>Simple, honest pricing</h1>
      <p>Start free with the first 2 phases. Go Pro once, for life.</p>
    </section>
  );
}
