export function Component() {
  return (
    <section className="page">
      <h1>Business ideas generator</h1>
      <p>Pick an industry you know and get 10 concrete problems worth solving, each with a potential solution.</p>
    </section>
  );
}
