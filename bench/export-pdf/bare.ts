// The smallest Worker, to which bench/export-pdf.mjs compares the bundle of worker.ts.
export default {
  fetch: () => new Response(null, { status: 204 }),
};
