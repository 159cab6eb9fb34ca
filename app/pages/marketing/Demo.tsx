export function Component() {
  return (
    <section className="page">
      <h1>See Launchmate in action</h1>
      <p>Watch a founder go from a rough idea to a validated plan.</p>
    </section>
  );
}
