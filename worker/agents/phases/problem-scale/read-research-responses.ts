import { tool } from 'ai';
import { z } from '#contracts/zod';
import { projectResearchDigest } from '../../../services/project-research';

const ReadResearchResponsesInput = z.strictObject({
  urlKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .describe("One research page's key; omit it to read every page of the project"),
});

/**
 * The responses to this project's research pages, summarised (counts, percentages, recent
 * free-text answers; never respondents' e-mail addresses). The project is the object's own, not
 * an argument: a key of another project's page reads nothing.
 */
export const readResearchResponses = (db: D1Database, projectId: string) =>
  tool({
    description: "Read the responses to this project's research pages: counts and percentages per question and recent free-text answers.",
    inputSchema: ReadResearchResponsesInput,
    execute: async ({ urlKey }) => projectResearchDigest(db, projectId, urlKey ? { urlKey } : undefined),
  });
