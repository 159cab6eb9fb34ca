export function Component() {
  return (
    <section className="page">
      <h1>User persona generator</h1>
      <p>Describe your product and meet the person most likely to need it.</p>
    </section>
  );
}
