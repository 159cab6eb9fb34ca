export function Component() {
  return (
    <section className="page">
      <h1>Set a new password</h1>
      <p>Choose a password of at least 8 characters.</p>
    </section>
  );
}
