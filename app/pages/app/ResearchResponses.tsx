export function Component() {
  return (
    <section className="page">
      <h1>Research responses</h1>
      <p>What respondents told you.</p>
    </section>
  );
}
