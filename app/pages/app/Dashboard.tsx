export function Component() {
  return (
    <section className="page">
      <h1>Dashboard</h1>
      <p>Your projects and where each one stands.</p>
    </section>
  );
}
