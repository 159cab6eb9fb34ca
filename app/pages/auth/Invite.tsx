export function Component() {
  return (
    <section className="page">
      <h1>Joining the project</h1>
      <p>One moment while we check your invitation.</p>
    </section>
  );
}
