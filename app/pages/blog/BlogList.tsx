export function Component() {
  return (
    <section className="page">
      <h1>Blog</h1>
      <p>Practical guides for founders: finding an idea, validating demand, personas, pricing and launching.</p>
    </section>
  );
}
