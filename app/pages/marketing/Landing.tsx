export function Component() {
  return (
    <section className="page">
      <h1>Your AI co-founder, from idea to product</h1>
      <p>Launchmate guides you through 8 structured phases, from a first idea to a product people want, and tells you the truth along the way.</p>
    </section>
  );
}
