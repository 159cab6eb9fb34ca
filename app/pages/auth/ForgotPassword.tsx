export function Component() {
  return (
    <section className="page">
      <h1>Forgot your password?</h1>
      <p>Enter your email and we'll send you a link to set a new one.</p>
    </section>
  );
}
