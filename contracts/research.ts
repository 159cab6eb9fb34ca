import { hasControlCharacters } from './text';
import { multiLineText, singleLineText } from './text-fields';
import { z } from './zod';

/**
 * Research pages: the questionnaire a founder builds and the submission a
 * respondent sends. Shared by the Worker's handlers and the app's forms.
 */
export const QUESTION_TYPES = ['text', 'multiple_choice', 'checkbox', 'rating', 'email'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Spec section 9: a free-text answer holds at most 2000 characters. */
export const TEXT_ANSWER_MAX = 2000;
export const EMAIL_ANSWER_MAX = 254;
export const DEFAULT_MIN_RATING = 1;
export const DEFAULT_MAX_RATING = 5;
/** The widest scale a founder may set: 0 to 10, the usual NPS range. */
export const RATING_LOWEST = 0;
export const RATING_HIGHEST = 10;
export const QUESTIONS_MAX = 50;
export const OPTIONS_MAX = 20;
export const QUESTION_TEXT_MAX = 500;
export const OPTION_TEXT_MAX = 200;
export const TITLE_MAX = 200;
export const INTRODUCTION_MAX = 1000;
export const RESPONSE_LIMIT_MAX = 100_000;
/** docs/security.md §13. */
export const SUBMISSION_BODY_MAX = 64 * 1024;

export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Control characters other than tab and line breaks. */
/** A partner respondent id goes into the callback address, so only URL-safe ids are taken. */
export const SURVEYSWAP_ID_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

/** A question's settings: the scale of a rating question, or whether an e-mail question must be answered. */
export interface QuestionConfig {
  min_rating?: number;
  max_rating?: number;
  /** Labels keyed by rating value; the min and max labels show under the scale. */
  labels?: Record<string, string>;
  /** E-mail questions: the respondent must give an address (otherwise it is optional). */
  required?: boolean;
}
export type RatingConfig = QuestionConfig;

/** A question as the public page receives it. */
export interface PublicQuestion {
  sequence: number;
  text: string;
  type: QuestionType;
  options: string[] | null;
  config: QuestionConfig | null;
}

/** Whether an e-mail question must be answered; e-mail questions are optional unless the founder says so. */
export const isRequiredEmail = (question: Pick<PublicQuestion, 'type' | 'config'>): boolean => question.type === 'email' && question.config?.required === true;

/** The rating scale of a question, with the spec's defaults (1 to 5). */
export function ratingScale(config: RatingConfig | null | undefined): { min: number; max: number } {
  return { min: config?.min_rating ?? DEFAULT_MIN_RATING, max: config?.max_rating ?? DEFAULT_MAX_RATING };
}

const plainText = (max: number, what: string, multiline = false) =>
  z
    .string()
    .trim()
    .min(1, `${what} cannot be empty`)
    .max(max, `${what} is at most ${max} characters`)
    .refine((text) => !hasControlCharacters(text, { multiline }), `${what} cannot contain control characters`);

const ratingValue = z.int('Rating scales use whole numbers').min(RATING_LOWEST).max(RATING_HIGHEST);

const RatingConfigSchema = z
  .strictObject({
    min_rating: ratingValue.optional(),
    max_rating: ratingValue.optional(),
    labels: z.record(z.string().regex(/^\d{1,2}$/, 'Rating labels are keyed by rating value'), plainText(60, 'A rating label')).optional(),
  })
  .refine((config) => {
    const { min, max } = ratingScale(config);
    return min < max;
  }, 'The lowest rating must be below the highest')
  .refine((config) => {
    const { min, max } = ratingScale(config);
    return Object.keys(config.labels ?? {}).every((key) => Number(key) >= min && Number(key) <= max);
  }, 'Rating labels must be for values on the scale');

const EmailConfigSchema = z.strictObject({ required: z.boolean('Say whether the e-mail address is required') });

export const QuestionInputSchema = z
  .strictObject({
    text: plainText(QUESTION_TEXT_MAX, 'A question', true),
    type: z.enum(QUESTION_TYPES, 'Unknown question type'),
    options: z.array(plainText(OPTION_TEXT_MAX, 'An option')).max(OPTIONS_MAX, `A question has at most ${OPTIONS_MAX} options`).nullable().optional(),
    config: z.union([EmailConfigSchema, RatingConfigSchema]).nullable().optional(),
  })
  .superRefine((question, ctx) => {
    const choice = question.type === 'multiple_choice' || question.type === 'checkbox';
    const options = question.options ?? [];
    if (choice && options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice question needs at least 2 options' });
    if (choice && new Set(options).size !== options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must be different from each other' });
    if (!choice && options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only choice questions have options' });
    const emailSetting = question.config !== null && question.config !== undefined && 'required' in question.config;
    if (question.type === 'email' && question.config && !emailSetting)
      ctx.addIssue({ code: 'custom', path: ['config'], message: 'An e-mail question only says whether it is required' });
    if (question.type !== 'email' && emailSetting) ctx.addIssue({ code: 'custom', path: ['config'], message: 'Only e-mail questions can be required' });
    if (question.type !== 'rating' && question.type !== 'email' && question.config)
      ctx.addIssue({ code: 'custom', path: ['config'], message: 'Only rating questions have a scale' });
  });
export type QuestionInput = z.infer<typeof QuestionInputSchema>;

/** What a founder sends to create or edit a page. Questions are numbered 1… in this order. */
export const ResearchPageInputSchema = z.strictObject({
  title: plainText(TITLE_MAX, 'The title'),
  /** Shown to respondents above the questions: who is asking and why. */
  introduction: z
    .string()
    .trim()
    .max(INTRODUCTION_MAX, `The introduction is at most ${INTRODUCTION_MAX} characters`)
    .refine((text) => !hasControlCharacters(text, { multiline: true }), 'The introduction cannot contain control characters')
    .optional(),
  questions: z.array(QuestionInputSchema).min(1, 'Add at least one question').max(QUESTIONS_MAX, `A page has at most ${QUESTIONS_MAX} questions`),
  max_responses: z
    .int('The response limit must be a whole number')
    .min(1, 'The response limit must be at least 1')
    .max(RESPONSE_LIMIT_MAX, `The response limit is at most ${RESPONSE_LIMIT_MAX}`)
    .nullable()
    .optional(),
});
export type ResearchPageInput = z.infer<typeof ResearchPageInputSchema>;

/** The key of a co-founder's draft: the SHA-256 of its content, in hex (app/pages/app/workspace/ResearchDraftCard.tsx). */
export const DRAFT_KEY_SHAPE = /^[0-9a-f]{64}$/;

/** Creating a page; one made from a co-founder's draft names it, and exists once per project. */
export const CreateResearchPageSchema = ResearchPageInputSchema.extend({
  draft_key: z.string().regex(DRAFT_KEY_SHAPE, 'The draft key is not valid').optional(),
});
export type CreateResearchPageInput = z.infer<typeof CreateResearchPageSchema>;

/** Who is asking, as respondents see it: the owner's display name and the project's name, each if set. */
export interface ResearchAsker {
  name: string | null;
  project: string | null;
}

/** Answer shapes: strings, a list of strings (checkbox) or a number (rating). */
const AnswerValueSchema = z.union([z.string().max(10_000), z.number(), z.array(z.string().max(OPTION_TEXT_MAX)).max(OPTIONS_MAX)], {
  error: 'An answer must be text, a number or a list of options',
});

export const SubmissionSchema = z.strictObject({
  responses: z
    .array(
      z.strictObject({
        sequence: z.int('Question numbers are whole numbers').min(1).max(1000),
        question: z.string().max(QUESTION_TEXT_MAX * 2),
        response: AnswerValueSchema,
      }),
    )
    .max(QUESTIONS_MAX, 'Too many answers'),
  honeypot: z.string().max(1000).nullable().optional(),
  surveyswap_id: z.string().regex(SURVEYSWAP_ID_SHAPE, 'The partner id is not valid').nullable().optional(),
});
export type Submission = z.infer<typeof SubmissionSchema>;
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** One stored answer: the question's text is the page's own, not what the browser sent. */
export interface StoredAnswer {
  sequence: number;
  question: string;
  response: string | number | string[];
}

export const EMAIL_REQUIRED = 'an e-mail address is required.';
export const NOTHING_ANSWERED = 'You must fill in at least one response before submitting.';
export const LIMIT_REACHED = 'Response limit reached';

/** Is this answer empty, by the spec's submit rules? */
export function isEmptyAnswer(value: AnswerValue | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return !Number.isFinite(value);
}

/**
 * Checks answers against the page's stored questions. Empty answers count as unanswered and
 * are dropped; anything else that does not fit its question is refused with a message naming
 * the question, and nothing is stored.
 */
export function checkAnswers(questions: PublicQuestion[], responses: Submission['responses']): { answers: StoredAnswer[] } | { error: string } {
  const bySequence = new Map(questions.map((question) => [question.sequence, question]));
  const seen = new Set<number>();
  const answers: StoredAnswer[] = [];
  for (const { sequence, response } of responses) {
    const question = bySequence.get(sequence);
    if (!question) return { error: `Question ${sequence} does not exist on this page.` };
    if (seen.has(sequence)) return { error: `Question ${sequence} is answered twice.` };
    seen.add(sequence);
    if (isEmptyAnswer(response)) continue;
    const problem = answerProblem(question, response);
    if (problem) return { error: `Question ${sequence}: ${problem}` };
    const stored = typeof response === 'string' ? response.trim() : Array.isArray(response) ? [...response] : response;
    answers.push({ sequence, question: question.text, response: stored });
  }
  if (answers.length === 0) return { error: NOTHING_ANSWERED };
  const missing = questions.find((question) => isRequiredEmail(question) && !seenAnswer(answers, question.sequence));
  if (missing) return { error: `Question ${missing.sequence}: ${EMAIL_REQUIRED}` };
  return { answers: answers.sort((a, b) => a.sequence - b.sequence) };
}

const seenAnswer = (answers: StoredAnswer[], sequence: number) => answers.some((answer) => answer.sequence === sequence);

function answerProblem(question: PublicQuestion, response: AnswerValue): string | null {
  switch (question.type) {
    case 'text':
      if (typeof response !== 'string') return 'the answer must be text.';
      if (response.trim().length > TEXT_ANSWER_MAX) return `answers are at most ${TEXT_ANSWER_MAX} characters.`;
      if (hasControlCharacters(response, { multiline: true })) return 'the answer cannot contain control characters.';
      return null;
    case 'email':
      if (typeof response !== 'string') return 'the answer must be an email address.';
      if (response.trim().length > EMAIL_ANSWER_MAX || !EMAIL_SHAPE.test(response.trim())) return 'the email address is not valid.';
      return null;
    case 'multiple_choice':
      if (typeof response !== 'string') return 'choose one of the options.';
      return question.options?.includes(response) ? null : 'the answer is not one of the options.';
    case 'checkbox':
      if (!Array.isArray(response)) return 'the answer must be a list of options.';
      if (new Set(response).size !== response.length) return 'an option is chosen twice.';
      return response.every((item) => question.options?.includes(item)) ? null : 'an answer is not one of the options.';
    case 'rating': {
      if (typeof response !== 'number' || !Number.isInteger(response)) return 'the rating must be a whole number.';
      const { min, max } = ratingScale(question.config);
      return response >= min && response <= max ? null : `the rating must be between ${min} and ${max}.`;
    }
  }
}

/** The partner callback with the respondent's id in place of `{id}`; null when not configured. */
export function partnerCallback(template: string | undefined, id: string | null | undefined): string | null {
  if (!template || !id || !SURVEYSWAP_ID_SHAPE.test(id) || !template.includes('{id}')) return null;
  return template.replaceAll('{id}', encodeURIComponent(id));
}

/** What respondents of a closed page are told (docs/decisions/0033-research-page-lifecycle.md). */
export const PAGE_CLOSED = 'This research page is closed and no longer accepts responses.';

/** Where a page stands for its founder: open and answerable, at its response limit, or closed. */
export type PageStatus = 'live' | 'full' | 'closed';

export function pageStatus(page: { closed: boolean; max_responses: number | null; response_count: number }): PageStatus {
  if (page.closed) return 'closed';
  return page.max_responses !== null && page.response_count >= page.max_responses ? 'full' : 'live';
}

/** One theme of a text question's answers, as the model found it; every quote is an answer's own words. */
export const ThemeSchema = z.strictObject({
  name: singleLineText(120),
  count: z.int().min(0),
  quotes: z.array(multiLineText(600)).max(3),
});
export const ThemesSchema = z.strictObject({ themes: z.array(ThemeSchema).max(8) });
export type Theme = z.infer<typeof ThemeSchema>;
