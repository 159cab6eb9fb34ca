export function Component() {
  return (
    <section className="page">
      <h1>Sign in to Launchmate</h1>
      <p>Welcome back. Pick up where you left off.</p>
    </section>
  );
}
