export function Component() {
  return (
    <section className="page">
      <h1>Affiliate program</h1>
      <p>Earn 20% for a year on every founder you bring to Launchmate.</p>
    </section>
  );
}
