export function Component() {
  return (
    <section className="page">
      <h1>Privacy Policy</h1>
      <p>Last updated March 29, 2025.</p>
    </section>
  );
}
