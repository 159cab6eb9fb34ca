export function Component() {
  return (
    <section className="page">
      <h1>Contributors</h1>
      <p>The people who help build Launchmate.</p>
    </section>
  );
}
