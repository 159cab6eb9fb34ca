import { Hono, type Context } from 'hono';
import {
  checkAnswers,
  LIMIT_REACHED,
  partnerCallback,
  ResearchPageInputSchema,
  SUBMISSION_BODY_MAX,
  SubmissionSchema,
} from '#contracts/research';
import { getDb } from '../db/client';
import { membershipOf } from '../db/queries/projects';
import {
  closePage,
  createPage,
  editPage,
  findPage,
  pagesOfProject,
  publicPage,
  questionsOf,
  responseCount,
  responsesOf,
  storeResponse,
  type PageRow,
} from '../db/queries/research';
import { jsonBody, limitBody } from '../middleware/validate';
import { responsesCsv, summarize } from '../services/research-report';
import { requireUser, type SignedInEnv } from '../services/sessions';

const PAGE_NOT_FOUND = { error: 'Research page not found' } as const;
const PROJECT_NOT_FOUND = { error: 'Project not found.' } as const;
/** A page definition with 50 questions of 20 options each stays far below this. */
const PAGE_BODY_MAX = 128 * 1024;

/**
 * The page behind `urlKey` if the signed-in user is a member of its project. Anyone else, and
 * any unknown key, gets the same 404, so a key cannot be probed for existence.
 */
async function ownPage(c: Context<SignedInEnv>, urlKey: string): Promise<PageRow | null> {
  const page = await findPage(c.env.DB, urlKey);
  if (!page) return null;
  return (await membershipOf(getDb(c.env.DB), page.project_id, c.var.userId)) ? page : null;
}

export const research = new Hono<SignedInEnv>()
  // ---- Public: the respondent's side --------------------------------

  /** A closed page is gone for respondents: it answers like an unknown key. */
  .get('/:urlKey', async (c) => {
    const found = await publicPage(c.env.DB, c.req.param('urlKey'));
    if (!found || found.page.closed_at !== null) return c.json(PAGE_NOT_FOUND, 404);
    const { page, questions, count } = found;
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        research_page: {
          title: page.title,
          questions,
          has_reached_limit: page.max_responses !== null && count >= page.max_responses,
        },
      },
      200,
    );
  })

  .post('/:urlKey/submit', limitBody(SUBMISSION_BODY_MAX), jsonBody(SubmissionSchema), async (c) => {
    const found = await publicPage(c.env.DB, c.req.param('urlKey'), false);
    if (!found || found.page.closed_at !== null) return c.json(PAGE_NOT_FOUND, 404);
    const { page, questions } = found;
    const submission = c.req.valid('json');
    const success = { success: true as const, redirect_to: partnerCallback(c.env.SURVEYSWAP_CALLBACK_URL, submission.surveyswap_id) };

    // docs/security.md §18: a filled honeypot is a bot. It is told what a person would be told, and
    // nothing is stored or counted.
    if (submission.honeypot && submission.honeypot.trim() !== '') return c.json(success, 200);

    const checked = checkAnswers(questions, submission.responses);
    if ('error' in checked) return c.json({ error: checked.error }, 400);

    const outcome = await storeResponse(c.env.DB, page, checked.answers, submission.surveyswap_id ?? null);
    if (outcome === 'stored') return c.json(success, 200);
    if (outcome === 'closed') return c.json(PAGE_NOT_FOUND, 404);
    if (outcome === 'changed') return c.json({ error: 'This research page has just changed. Please reload it and answer again.', changed: true as const }, 409);
    return c.json({ error: LIMIT_REACHED, limit_reached: true as const }, 409);
  })

  // ---- Signed-in: the founder's side (members of the page's project only) --------------------

  .get('/projects/:projectId/pages', requireUser, async (c) => {
    const projectId = c.req.param('projectId');
    if (!(await membershipOf(getDb(c.env.DB), projectId, c.var.userId))) return c.json(PROJECT_NOT_FOUND, 404);
    return c.json({ pages: await pagesOfProject(c.env.DB, projectId) }, 200);
  })

  .post('/projects/:projectId/pages', requireUser, limitBody(PAGE_BODY_MAX), jsonBody(ResearchPageInputSchema), async (c) => {
    const projectId = c.req.param('projectId');
    if (!(await membershipOf(getDb(c.env.DB), projectId, c.var.userId))) return c.json(PROJECT_NOT_FOUND, 404);
    const created = await createPage(c.env.DB, projectId, c.req.valid('json'));
    return c.json({ page: { url_key: created.url_key, title: created.title } }, 201);
  })

  .put('/pages/:urlKey', requireUser, limitBody(PAGE_BODY_MAX), jsonBody(ResearchPageInputSchema), async (c) => {
    const page = await ownPage(c, c.req.param('urlKey'));
    if (!page) return c.json(PAGE_NOT_FOUND, 404);
    if (page.closed_at !== null) return c.json({ error: 'A closed research page cannot be edited.' }, 409);
    const outcome = await editPage(c.env.DB, page, c.req.valid('json'));
    if (outcome === 'refused') {
      if ((await responseCount(c.env.DB, page.id)) > 0) return c.json({ error: 'This research page already has responses, so its questions can no longer change.' }, 409);
      return c.json({ error: 'This research page was changed or closed meanwhile. Please reload it.' }, 409);
    }
    return c.json({ page: { url_key: page.url_key, title: c.req.valid('json').title } }, 200);
  })

  .post('/pages/:urlKey/close', requireUser, async (c) => {
    const page = await ownPage(c, c.req.param('urlKey'));
    if (!page) return c.json(PAGE_NOT_FOUND, 404);
    await closePage(c.env.DB, page.id);
    return c.json({ closed: true as const }, 200);
  })

  .get('/pages/:urlKey/responses', requireUser, async (c) => {
    const page = await ownPage(c, c.req.param('urlKey'));
    if (!page) return c.json(PAGE_NOT_FOUND, 404);
    const [questions, responses] = await Promise.all([questionsOf(c.env.DB, page.id), responsesOf(c.env.DB, page.id)]);
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        page: { url_key: page.url_key, title: page.title, max_responses: page.max_responses, closed: page.closed_at !== null, questions },
        responses,
        summaries: summarize(questions, responses),
      },
      200,
    );
  })

  .get('/pages/:urlKey/responses/csv', requireUser, async (c) => {
    const page = await ownPage(c, c.req.param('urlKey'));
    if (!page) return c.json(PAGE_NOT_FOUND, 404);
    const [questions, responses] = await Promise.all([questionsOf(c.env.DB, page.id), responsesOf(c.env.DB, page.id)]);
    const fileName = `research-${page.url_key}.csv`;
    return c.body(responsesCsv(questions, responses), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
