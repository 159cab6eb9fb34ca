import { Hono, type Context } from 'hono';
import {
  checkAnswers,
  CreateResearchPageSchema,
  LIMIT_REACHED,
  PAGE_CLOSED,
  pageStatus,
  partnerCallback,
  ResearchPageInputSchema,
  SUBMISSION_BODY_MAX,
  SubmissionSchema,
} from '#contracts/research';
import type { LimitName } from '#contracts/workspace';
import { researchAnswerArrived } from '../agents/project-lifecycle';
import { cofounderCaps } from '../config';
import { getDb } from '../db/client';
import { projectPrivacyMode, releaseAnswer, reserveAnswer } from '../db/queries/cofounder';
import { membershipOf } from '../db/queries/projects';
import {
  answeredState,
  answersTo,
  closePage,
  createPage,
  editPage,
  findPage,
  pagesOfProject,
  publicPage,
  questionsOf,
  reopenPage,
  responsesOf,
  storeResponse,
  type PageRow,
} from '../db/queries/research';
import { editProblem } from '../lib/research-edits';
import { jsonBody, limitBody, noBody } from '../middleware/validate';
import { llmMode } from '../services/llm';
import { responsesCsv, summarize } from '../services/research-report';
import { summarizeThemes, THEME_LIMITS } from '../services/research-themes';
import { requireUser, type SignedInEnv } from '../services/sessions';

const PAGE_NOT_FOUND = { error: 'Research page not found' } as const;
/** Respondents of a closed page are told so, not "not found" (decision 33); unknown keys stay 404. */
const CLOSED = { error: PAGE_CLOSED, closed: true as const };
/** An edit that lost a race with a new response is checked again against it, this many times. */
const EDIT_ATTEMPTS = 3;
const THEMES_FAILED = 'We could not summarize the themes this time. Please retry.';
const THEMES_LIMIT: Record<LimitName, string> = {
  member_daily: "You've reached today's limit of AI answers for your account. It resets at midnight UTC.",
  project_daily: "This project has reached today's limit of AI answers. It resets at midnight UTC.",
  global_daily: 'Launchmate has reached its daily limit for AI answers. It resets at midnight UTC.',
};
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

  .get('/:urlKey', async (c) => {
    const found = await publicPage(c.env.DB, c.req.param('urlKey'));
    if (!found) return c.json(PAGE_NOT_FOUND, 404);
    if (found.page.closed_at !== null) return c.json(CLOSED, 410);
    const { page, asker, questions, count } = found;
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        research_page: {
          title: page.title,
          introduction: page.introduction,
          asker,
          questions,
          has_reached_limit: page.max_responses !== null && count >= page.max_responses,
        },
      },
      200,
    );
  })

  .post('/:urlKey/submit', limitBody(SUBMISSION_BODY_MAX), jsonBody(SubmissionSchema), async (c) => {
    const found = await publicPage(c.env.DB, c.req.param('urlKey'), false);
    if (!found) return c.json(PAGE_NOT_FOUND, 404);
    if (found.page.closed_at !== null) return c.json(CLOSED, 410);
    const { page, questions } = found;
    const submission = c.req.valid('json');
    const success = { success: true as const, redirect_to: partnerCallback(c.env.SURVEYSWAP_CALLBACK_URL, submission.surveyswap_id) };

    // docs/security.md §18: a filled honeypot is a bot. It is told what a person would be told, and
    // nothing is stored or counted.
    if (submission.honeypot && submission.honeypot.trim() !== '') return c.json(success, 200);

    const checked = checkAnswers(questions, submission.responses);
    if ('error' in checked) return c.json({ error: checked.error }, 400);

    const outcome = await storeResponse(c.env.DB, page, checked.answers, submission.surveyswap_id ?? null);
    if (outcome === 'stored') {
      c.executionCtx.waitUntil(researchAnswerArrived(c.env, page.project_id));
      return c.json(success, 200);
    }
    if (outcome === 'closed') return c.json(CLOSED, 410);
    if (outcome === 'gone') return c.json(PAGE_NOT_FOUND, 404);
    if (outcome === 'changed') return c.json({ error: 'This research page has just changed. Please reload it and answer again.', changed: true as const }, 409);
    return c.json({ error: LIMIT_REACHED, limit_reached: true as const }, 409);
  })

  // ---- Signed-in: the founder's side (members of the page's project only) --------------------

  .get('/projects/:projectId/pages', requireUser, async (c) => {
    const projectId = c.req.param('projectId');
    if (!(await membershipOf(getDb(c.env.DB), projectId, c.var.userId))) return c.json(PROJECT_NOT_FOUND, 404);
    return c.json({ pages: await pagesOfProject(c.env.DB, projectId) }, 200);
  })

  .post('/projects/:projectId/pages', requireUser, limitBody(PAGE_BODY_MAX), jsonBody(CreateResearchPageSchema), async (c) => {
    const projectId = c.req.param('projectId');
    if (!(await membershipOf(getDb(c.env.DB), projectId, c.var.userId))) return c.json(PROJECT_NOT_FOUND, 404);
    const { draft_key, ...input } = c.req.valid('json');
    const created = await createPage(c.env.DB, projectId, input, draft_key ?? null);
    return c.json({ page: { url_key: created.url_key, title: created.title } }, 201);
  })

  /**
   * Title, limit and questions; once there are answers, answered questions stay as they are
   * (worker/lib/research-edits.ts). Checked against the answers read, applied only if no new
   * response arrived meanwhile; if one did, the edit is checked again against it.
   */
  .put('/pages/:urlKey', requireUser, limitBody(PAGE_BODY_MAX), jsonBody(ResearchPageInputSchema), async (c) => {
    const input = c.req.valid('json');
    for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt++) {
      const page = await ownPage(c, c.req.param('urlKey'));
      if (!page) return c.json(PAGE_NOT_FOUND, 404);
      if (page.closed_at !== null) return c.json({ error: 'A closed research page cannot be edited. Reopen it first.' }, 409);
      const [questions, answered] = await Promise.all([questionsOf(c.env.DB, page.id), answeredState(c.env.DB, page.id)]);
      const problem = editProblem(questions, answered.values, input);
      if (problem) return c.json({ error: problem }, 409);
      if ((await editPage(c.env.DB, page, input, answered.lastResponseId)) === 'edited') {
        return c.json({ page: { url_key: page.url_key, title: input.title } }, 200);
      }
    }
    return c.json({ error: 'This research page was changed meanwhile. Please reload it and try again.' }, 409);
  })

  .post('/pages/:urlKey/close', requireUser, noBody, async (c) => {
    const page = await ownPage(c, c.req.param('urlKey'));
    if (!page) return c.json(PAGE_NOT_FOUND, 404);
    await closePage(c.env.DB, page.id);
    return c.json({ closed: true as const }, 200);
  })

  .post('/pages/:urlKey/reopen', requireUser, noBody, async (c) => {
    const page = await ownPage(c, c.req.param('urlKey'));
    if (!page) return c.json(PAGE_NOT_FOUND, 404);
    await reopenPage(c.env.DB, page.id);
    return c.json({ closed: false as const }, 200);
  })

  /**
   * The themes of a free-text question's latest answers, by the model: an AI answer of the
   * project, charged to the member and the project like a co-founder answer, and given back if
   * the model fails.
   */
  .post('/pages/:urlKey/questions/:sequence/themes', requireUser, noBody, async (c) => {
    const page = await ownPage(c, c.req.param('urlKey'));
    if (!page) return c.json(PAGE_NOT_FOUND, 404);
    const sequence = Number(c.req.param('sequence'));
    const question = (await questionsOf(c.env.DB, page.id)).find((candidate) => candidate.sequence === sequence);
    if (!question) return c.json({ error: 'This question does not exist on the page.' }, 404);
    if (question.type !== 'text') return c.json({ error: 'Only free-text questions can be summarized into themes.' }, 400);
    const { newestFirst, total } = await answersTo(c.env.DB, page.id, sequence, THEME_LIMITS.answers);
    if (total === 0) return c.json({ error: 'This question has no answers to summarize yet.' }, 409);
    // Without a model, waiting will not help: say what is missing.
    if (llmMode(c.env, c.req.raw) !== 'provider')
      return c.json({ error: 'Summarizing themes needs the AI model, and none is configured on this server.' }, 503);

    const taken = await reserveAnswer(c.env.DB, { userId: c.var.userId, projectId: page.project_id }, cofounderCaps(c.env));
    if ('refused' in taken) return c.json({ error: THEMES_LIMIT[taken.refused], limit: taken.refused }, 429);
    try {
      const privacyMode = await projectPrivacyMode(c.env.DB, page.project_id);
      const summary = await summarizeThemes(c.env, question.text, newestFirst, { privacyMode });
      return c.json({ ...summary, total }, 200);
    } catch (error) {
      // Names only: the model's output may quote respondents, which the logs never keep.
      console.error('Research themes failed', errorNames(error));
      await releaseAnswer(c.env.DB, taken.reservation);
      return c.json({ error: THEMES_FAILED }, 502);
    }
  })

  .get('/pages/:urlKey/responses', requireUser, async (c) => {
    const page = await ownPage(c, c.req.param('urlKey'));
    if (!page) return c.json(PAGE_NOT_FOUND, 404);
    const [questions, responses] = await Promise.all([questionsOf(c.env.DB, page.id), responsesOf(c.env.DB, page.id)]);
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        page: {
          url_key: page.url_key,
          title: page.title,
          max_responses: page.max_responses,
          closed: page.closed_at !== null,
          status: pageStatus({ closed: page.closed_at !== null, max_responses: page.max_responses, response_count: responses.length }),
          questions,
        },
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
    return c.body(responsesCsv(questions, responses), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': csvDisposition(page.title),
      'Cache-Control': 'private, no-store',
    });
  });

/**
 * The CSV is named after the page's title (RFC 6266): an ASCII fallback for old clients and the
 * title itself in UTF-8, both without characters that file systems refuse.
 */
function csvDisposition(title: string): string {
  const base =
    title
      .replace(/[\\/:*?"<>|\u0000-\u001F\u007F]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100)
      .trim() || 'Research responses';
  const ascii =
    base
      .normalize('NFKD')
      .replace(/[^\x20-\x7E]/g, '')
      .replace(/\s+/g, ' ')
      .trim() || 'Research responses';
  return `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(`${base}.csv`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** The chain of error names of a failure (e.g. LlmError ← AI_JSONParseError), without their messages. */
function errorNames(error: unknown): string {
  const names: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++, current = current.cause) names.push(current.name);
  return names.join(' ← ') || typeof error;
}
