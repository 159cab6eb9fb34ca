export function Component() {
  return (
    <section className="page">
      <h1>Create your account</h1>
      <p>Start with 2 free phases. No card needed.</p>
    </section>
  );
}
