export function Component() {
  return (
    <section className="page">
      <h1>Welcome to Launchmate</h1>
      <p>Let's set up your first project.</p>
    </section>
  );
}
