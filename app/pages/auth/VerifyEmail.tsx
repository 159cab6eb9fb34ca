export function Component() {
  return (
    <section className="page">
      <h1>Verifying your email</h1>
      <p>One moment while we confirm your address.</p>
    </section>
  );
}
