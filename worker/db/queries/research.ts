import { pageStatus, type PageStatus, type PublicQuestion, type QuestionConfig, type ResearchPageInput, type StoredAnswer } from '#contracts/research';

/**
 * Research pages, their questions and responses. D1 has no interactive transactions, so every
 * rule that must hold under concurrency is one statement or one batch:
 * - the response limit: the insert itself counts (docs/security.md §17);
 * - edits keep answered questions intact: the edit is a batch whose first statement bumps the
 *   page's version only if no response arrived since the answers it was checked against, and
 *   whose other statements only act when that bump happened; a submission, in turn, only
 *   inserts if the version it validated against is still current.
 */

export interface PageRow {
  id: string;
  url_key: string;
  project_id: string;
  title: string;
  introduction: string;
  max_responses: number | null;
  closed_at: number | null;
  draft_key: string | null;
  created_at: number;
  updated_at: number;
}

interface QuestionRow {
  sequence: number;
  text: string;
  type: PublicQuestion['type'];
  options: string | null;
  config: string | null;
}

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

const toQuestion = (row: QuestionRow): PublicQuestion => ({
  sequence: row.sequence,
  text: row.text,
  type: row.type,
  options: parseJson<string[]>(row.options),
  config: parseJson<QuestionConfig>(row.config),
});

/** 128 random bits, base64url: unguessable, and safe in a path. */
export function newUrlKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
export const URL_KEY_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

export async function findPage(d1: D1Database, urlKey: string): Promise<PageRow | null> {
  if (!URL_KEY_SHAPE.test(urlKey)) return null;
  return d1.prepare('SELECT * FROM research_pages WHERE url_key = ?').bind(urlKey).first<PageRow>();
}

export async function questionsOf(d1: D1Database, pageId: string): Promise<PublicQuestion[]> {
  const { results } = await d1
    .prepare('SELECT sequence, text, type, options, config FROM research_questions WHERE page_id = ? ORDER BY sequence')
    .bind(pageId)
    .all<QuestionRow>();
  return results.map(toQuestion);
}

/**
 * A page, its questions and (unless `countResponses` is false: the submit path counts in its
 * insert) its response count, in one round trip (one D1 batch).
 */
export async function publicPage(d1: D1Database, urlKey: string, countResponses = true) {
  const count = countResponses ? '(SELECT count(*) FROM research_responses r WHERE r.page_id = p.id)' : '0';
  if (!URL_KEY_SHAPE.test(urlKey)) return null;
  const [pages, questions] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        // Who is asking, for respondents: the owner's display name (never the address) and the project's name.
        `SELECT p.*, ${count} AS response_count, NULLIF(TRIM(u.name), '') AS asker_name, NULLIF(TRIM(pr.name), '') AS project_name
         FROM research_pages p JOIN projects pr ON pr.id = p.project_id
         LEFT JOIN project_members m ON m.project_id = p.project_id AND m.role = 'owner' LEFT JOIN users u ON u.id = m.user_id
         WHERE p.url_key = ?`,
      )
      .bind(urlKey),
    d1
      .prepare(
        `SELECT q.sequence, q.text, q.type, q.options, q.config FROM research_questions q
         JOIN research_pages p ON p.id = q.page_id WHERE p.url_key = ? ORDER BY q.sequence`,
      )
      .bind(urlKey),
  ]);
  const row = pages!.results[0] as (PageRow & { response_count: number; asker_name: string | null; project_name: string | null }) | undefined;
  if (!row) return null;
  const { response_count: responses, asker_name, project_name, ...page } = row;
  return {
    page: page as PageRow,
    asker: { name: asker_name, project: project_name },
    questions: (questions!.results as unknown as QuestionRow[]).map(toQuestion),
    count: responses,
  };
}

const questionStatement = (d1: D1Database, pageId: string, version: number, question: ResearchPageInput['questions'][number], sequence: number) =>
  d1
    .prepare(
      `INSERT INTO research_questions (page_id, sequence, text, type, options, config)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM research_pages WHERE id = ?1 AND updated_at = ?7)`,
    )
    .bind(
      pageId,
      sequence,
      question.text,
      question.type,
      question.options && question.options.length > 0 ? JSON.stringify(question.options) : null,
      questionConfig(question),
      version,
    );

/** What a question stores beside its text: a rating's scale, or whether an e-mail address is required. */
function questionConfig(question: ResearchPageInput['questions'][number]): string | null {
  if (question.type === 'rating') return JSON.stringify(question.config ?? {});
  if (question.type === 'email')
    return JSON.stringify({ required: question.config !== null && question.config !== undefined && 'required' in question.config && question.config.required });
  return null;
}

/**
 * Creates a page with its questions in one batch. A page made from a co-founder's draft
 * (`draftKey`) exists at most once per project: when two members create it at the same moment,
 * the second insert does nothing, its questions are skipped with it, and both get the one page.
 */
export async function createPage(d1: D1Database, projectId: string, input: ResearchPageInput, draftKey: string | null = null): Promise<PageRow> {
  const id = crypto.randomUUID();
  const urlKey = newUrlKey();
  const now = Date.now();
  const [created] = await d1.batch<PageRow>([
    d1
      .prepare(
        `INSERT INTO research_pages (id, url_key, project_id, title, introduction, max_responses, draft_key, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8) ON CONFLICT (project_id, draft_key) DO NOTHING RETURNING *`,
      )
      .bind(id, urlKey, projectId, input.title, input.introduction ?? '', input.max_responses ?? null, draftKey, now),
    ...input.questions.map((question, index) => questionStatement(d1, id, now, question, index + 1)),
  ]);
  const page = created!.results[0];
  if (page) return page;
  const existing = await d1.prepare('SELECT * FROM research_pages WHERE project_id = ?1 AND draft_key = ?2').bind(projectId, draftKey).first<PageRow>();
  return existing!;
}

/** 'refused': the page was closed, answered again, or edited by someone else since `page` and its answers were read. */
export type EditOutcome = 'edited' | 'refused';

/**
 * What the answers of a page pin down: the last response read, and every value given per
 * question (choice and rating values only; a text question just shows up with no value). An edit
 * is checked against this (`editProblem`), then applied only if no response arrived since.
 */
export interface AnsweredState {
  lastResponseId: number;
  values: Map<number, Set<string>>;
}

export async function answeredState(d1: D1Database, pageId: string): Promise<AnsweredState> {
  const [last, given] = await d1.batch<Record<string, unknown>>([
    d1.prepare('SELECT COALESCE(max(id), 0) AS last FROM research_responses WHERE page_id = ?1').bind(pageId),
    // json_each over a scalar yields the scalar itself, over a list its items (checkbox answers).
    d1
      .prepare(
        `SELECT DISTINCT json_extract(a.value, '$.sequence') AS sequence,
                CASE WHEN q.type IN ('text', 'email') THEN NULL ELSE CAST(v.value AS TEXT) END AS value
         FROM research_responses r, json_each(r.answers) a, json_each(a.value, '$.response') v
         LEFT JOIN research_questions q ON q.page_id = r.page_id AND q.sequence = json_extract(a.value, '$.sequence')
         WHERE r.page_id = ?1`,
      )
      .bind(pageId),
  ]);
  const values = new Map<number, Set<string>>();
  for (const row of given!.results as { sequence: number; value: string | null }[]) {
    const set = values.get(row.sequence) ?? new Set<string>();
    if (row.value !== null) set.add(row.value);
    values.set(row.sequence, set);
  }
  return { lastResponseId: (last!.results[0] as { last: number }).last, values };
}

/**
 * Replaces the title, limit and questions of a page. Questions are matched by sequence: an
 * answered question must come back at its number, unchanged where its answers depend on it (the
 * caller checks that with `editProblem`). The first statement bumps the page's version only if
 * it is still open, unedited since `page` was read, and has no response after `lastResponseId`;
 * the others only act when that bump happened. The new version is strictly greater than the
 * old, so they can tell "my update happened" from "someone else's".
 */
export async function editPage(d1: D1Database, page: PageRow, input: ResearchPageInput, lastResponseId: number): Promise<EditOutcome> {
  const version = Math.max(Date.now(), page.updated_at + 1);
  const [updated] = await d1.batch([
    d1
      .prepare(
        `UPDATE research_pages SET title = ?3, max_responses = ?4, updated_at = ?5, introduction = ?7
         WHERE id = ?1 AND updated_at = ?2 AND closed_at IS NULL
           AND COALESCE((SELECT max(id) FROM research_responses WHERE page_id = ?1), 0) = ?6
         RETURNING id`,
      )
      .bind(page.id, page.updated_at, input.title, input.max_responses ?? null, version, lastResponseId, input.introduction ?? ''),
    d1
      .prepare('DELETE FROM research_questions WHERE page_id = ?1 AND EXISTS (SELECT 1 FROM research_pages WHERE id = ?1 AND updated_at = ?2)')
      .bind(page.id, version),
    ...input.questions.map((question, index) => questionStatement(d1, page.id, version, question, index + 1)),
  ]);
  return updated!.results.length > 0 ? 'edited' : 'refused';
}

/** Closing and reopening set the state they name, so repeating them (or racing them) is harmless. */
export async function closePage(d1: D1Database, pageId: string): Promise<void> {
  await d1.prepare('UPDATE research_pages SET closed_at = ?2 WHERE id = ?1 AND closed_at IS NULL').bind(pageId, Date.now()).run();
}

export async function reopenPage(d1: D1Database, pageId: string): Promise<void> {
  await d1.prepare('UPDATE research_pages SET closed_at = NULL WHERE id = ?1').bind(pageId).run();
}

export type SubmitOutcome = 'stored' | 'limit-reached' | 'closed' | 'changed' | 'gone';

/**
 * Stores one response, in one statement that also checks the page is open, unchanged since the
 * answers were validated, and under its limit (docs/security.md §17): SQLite runs a statement alone,
 * so the count it reads cannot be raced by another insert.
 */
export async function storeResponse(d1: D1Database, page: PageRow, answers: StoredAnswer[], surveyswapId: string | null): Promise<SubmitOutcome> {
  const inserted = await d1
    .prepare(
      `INSERT INTO research_responses (page_id, answers, surveyswap_id)
       SELECT ?1, ?2, ?3 FROM research_pages p
       WHERE p.id = ?1 AND p.closed_at IS NULL AND p.updated_at = ?4
         AND (p.max_responses IS NULL OR (SELECT count(*) FROM research_responses WHERE page_id = ?1) < p.max_responses)
       RETURNING id`,
    )
    .bind(page.id, JSON.stringify(answers), surveyswapId, page.updated_at)
    .first<{ id: number }>();
  if (inserted) return 'stored';

  const now = await d1
    .prepare('SELECT closed_at, updated_at FROM research_pages WHERE id = ?')
    .bind(page.id)
    .first<Pick<PageRow, 'closed_at' | 'updated_at'>>();
  if (!now) return 'gone';
  if (now.closed_at !== null) return 'closed';
  if (now.updated_at !== page.updated_at) return 'changed';
  return 'limit-reached';
}

export interface PageSummary {
  url_key: string;
  title: string;
  introduction: string;
  /** The co-founder's draft it was created from, if any. */
  draft_key: string | null;
  max_responses: number | null;
  closed: boolean;
  status: PageStatus;
  response_count: number;
  created_at: number;
  questions: PublicQuestion[];
}

export async function pagesOfProject(d1: D1Database, projectId: string): Promise<PageSummary[]> {
  const [pages, questions] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT p.id, p.url_key, p.title, p.introduction, p.draft_key, p.max_responses, p.closed_at, p.created_at,
                (SELECT count(*) FROM research_responses r WHERE r.page_id = p.id) AS response_count
         FROM research_pages p WHERE p.project_id = ? ORDER BY p.created_at DESC`,
      )
      .bind(projectId),
    d1
      .prepare(
        `SELECT q.page_id, q.sequence, q.text, q.type, q.options, q.config FROM research_questions q
         JOIN research_pages p ON p.id = q.page_id WHERE p.project_id = ? ORDER BY q.sequence`,
      )
      .bind(projectId),
  ]);
  const byPage = new Map<string, PublicQuestion[]>();
  for (const row of questions!.results as unknown as (QuestionRow & { page_id: string })[]) {
    const list = byPage.get(row.page_id) ?? [];
    list.push(toQuestion(row));
    byPage.set(row.page_id, list);
  }
  return (pages!.results as unknown as (PageRow & { response_count: number })[]).map((page) => ({
    url_key: page.url_key,
    title: page.title,
    introduction: page.introduction,
    draft_key: page.draft_key,
    max_responses: page.max_responses,
    closed: page.closed_at !== null,
    status: pageStatus({ closed: page.closed_at !== null, max_responses: page.max_responses, response_count: page.response_count }),
    response_count: page.response_count,
    created_at: page.created_at,
    questions: byPage.get(page.id) ?? [],
  }));
}

export interface ResponseRow {
  id: number;
  answers: StoredAnswer[];
  surveyswap_id: string | null;
  created_at: number;
}

export async function responsesOf(d1: D1Database, pageId: string): Promise<ResponseRow[]> {
  const { results } = await d1
    .prepare('SELECT id, answers, surveyswap_id, created_at FROM research_responses WHERE page_id = ? ORDER BY id')
    .bind(pageId)
    .all<{ id: number; answers: string; surveyswap_id: string | null; created_at: number }>();
  return results.map((row) => ({ ...row, answers: JSON.parse(row.answers) as StoredAnswer[] }));
}

/** The answers to one question, newest first (at most `limit`), and how many it has in all. */
export async function answersTo(d1: D1Database, pageId: string, sequence: number, limit: number): Promise<{ newestFirst: string[]; total: number }> {
  const answers = `FROM research_responses r, json_each(r.answers) a WHERE r.page_id = ?1 AND json_extract(a.value, '$.sequence') = ?2`;
  const [latest, total] = await d1.batch<Record<string, unknown>>([
    d1.prepare(`SELECT CAST(json_extract(a.value, '$.response') AS TEXT) AS answer ${answers} ORDER BY r.id DESC LIMIT ?3`).bind(pageId, sequence, limit),
    d1.prepare(`SELECT count(*) AS n ${answers}`).bind(pageId, sequence),
  ]);
  return { newestFirst: (latest!.results as { answer: string }[]).map((row) => row.answer), total: (total!.results[0] as { n: number }).n };
}

/** How many responses the project's research pages received after `since` (Unix milliseconds). */
export async function responsesSince(d1: D1Database, projectId: string, since: number): Promise<number> {
  const row = await d1
    .prepare('SELECT count(*) AS n FROM research_responses r JOIN research_pages p ON p.id = r.page_id WHERE p.project_id = ?1 AND r.created_at > ?2')
    .bind(projectId, since)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Every response to the pages of one project (or only to its page `urlKey`), by page key, oldest first. */
export async function responsesOfProject(d1: D1Database, projectId: string, urlKey?: string): Promise<Map<string, ResponseRow[]>> {
  const { results } = await d1
    .prepare(
      `SELECT p.url_key, r.id, r.answers, r.surveyswap_id, r.created_at FROM research_responses r
       JOIN research_pages p ON p.id = r.page_id
       WHERE p.project_id = ?1 AND (?2 IS NULL OR p.url_key = ?2) ORDER BY r.id`,
    )
    .bind(projectId, urlKey ?? null)
    .all<{ url_key: string; id: number; answers: string; surveyswap_id: string | null; created_at: number }>();
  const byPage = new Map<string, ResponseRow[]>();
  for (const { url_key, ...row } of results) {
    const list = byPage.get(url_key) ?? [];
    list.push({ ...row, answers: JSON.parse(row.answers) as StoredAnswer[] });
    byPage.set(url_key, list);
  }
  return byPage;
}
