export function Component() {
  return (
    <section className="page">
      <h1>Our story</h1>
      <p>Why we built an AI co-founder that is critical rather than flattering.</p>
    </section>
  );
}
