import type { PageStatus } from '#contracts/research';
import { pagesOfProject, responsesOfProject } from '../db/queries/research';
import { summarize, type QuestionSummary } from './research-report';

/**
 * What the co-founder reads of a project's research pages: per page its status and per-question
 * summaries, and for free-text questions the most recent answers, bounded in size
 * (docs/decisions/0033-research-page-lifecycle.md). Only counts for e-mail questions and no
 * partner ids: respondents' addresses and ids never reach the model.
 */
export const DIGEST_LIMITS = { answersPerQuestion: 30, charsPerAnswer: 300, totalChars: 12_000 } as const;

export interface DigestQuestion extends QuestionSummary {
  /** Free-text questions: the most recent answers, newest first, each cut to `charsPerAnswer`. */
  recent_answers?: string[];
}

export interface DigestPage {
  title: string;
  url_key: string;
  path: string;
  status: PageStatus;
  response_count: number;
  max_responses: number | null;
  questions: DigestQuestion[];
}

export interface ResearchDigest {
  pages: DigestPage[];
  /** True when answers (or whole pages, oldest first) were left out to stay within `totalChars`. */
  truncated: boolean;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const size = (value: unknown) => JSON.stringify(value).length;

/** The research of project `projectId`; with `urlKey`, only that page, and nothing if it belongs to another project. */
export async function projectResearchDigest(db: D1Database, projectId: string, options: { urlKey?: string } = {}): Promise<ResearchDigest> {
  const [pages, responses] = await Promise.all([pagesOfProject(db, projectId), responsesOfProject(db, projectId, options.urlKey)]);
  const chosen = options.urlKey === undefined ? pages : pages.filter((page) => page.url_key === options.urlKey);

  // Every text question's candidate answers, newest first; placed below once the summaries fit.
  const pending: { question: DigestQuestion; answers: string[] }[] = [];
  let truncated = false;
  const digestPages = chosen.map((page): DigestPage => {
    const pageResponses = responses.get(page.url_key) ?? [];
    return {
      title: page.title,
      url_key: page.url_key,
      path: `/research/${page.url_key}`,
      status: page.status,
      response_count: page.response_count,
      max_responses: page.max_responses,
      questions: summarize(page.questions, pageResponses).map((summary) => {
        if (summary.type !== 'text') return summary;
        const question: DigestQuestion = { ...summary, recent_answers: [] };
        const answers = pageResponses
          .flatMap((response) => response.answers.filter((answer) => answer.sequence === summary.sequence).map((answer) => String(answer.response)))
          .reverse();
        if (answers.length > DIGEST_LIMITS.answersPerQuestion) truncated = true;
        pending.push({ question, answers: answers.slice(0, DIGEST_LIMITS.answersPerQuestion).map((answer) => cut(answer, DIGEST_LIMITS.charsPerAnswer)) });
        return question;
      }),
    };
  });
  const digest: ResearchDigest = { pages: digestPages, truncated };

  // Summaries first: only if they alone are too long are pages left out, oldest first, and then
  // the last questions of the newest page.
  const leaveOut = (questions: DigestQuestion[]) => {
    digest.truncated = true;
    for (let i = pending.length - 1; i >= 0; i--) if (questions.includes(pending[i]!.question)) pending.splice(i, 1);
  };
  let used = size(digest);
  while (used > DIGEST_LIMITS.totalChars && digest.pages.length > 1) {
    leaveOut(digest.pages.pop()!.questions);
    used = size(digest);
  }
  const newest = digest.pages[0];
  while (used > DIGEST_LIMITS.totalChars && newest && newest.questions.length > 0) {
    leaveOut([newest.questions.pop()!]);
    used = size(digest);
  }
  // Then answers, one per question in turn, so that every question gets its newest ones.
  for (let round = 0; round < DIGEST_LIMITS.answersPerQuestion; round++) {
    for (const { question, answers } of pending) {
      const answer = answers[round];
      if (answer === undefined) continue;
      const cost = size(answer) + 1;
      if (used + cost > DIGEST_LIMITS.totalChars) {
        digest.truncated = true;
        continue;
      }
      question.recent_answers!.push(answer);
      used += cost;
    }
  }
  return digest;
}
