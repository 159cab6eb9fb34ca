// Bench-only Worker: one plain INSERT of a research response per request, nothing else (no
// routing, validation, session or limit). bench/research-submit.mjs compares the product's
// submit endpoint against it, both served by wrangler dev with local D1 on the same machine.
export default {
  async fetch(request, env) {
    const answers = await request.text();
    await env.DB.prepare('INSERT INTO research_responses (page_id, answers) VALUES (?, ?)').bind('bench-page', answers).run();
    return new Response(null, { status: 204 });
  },
};
