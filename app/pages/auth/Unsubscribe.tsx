export function Component() {
  return (
    <section className="page">
      <h1>Email preferences</h1>
      <p>One moment while we update your email preferences.</p>
    </section>
  );
}
