import { Hono } from 'hono';
import { EXPORT_CONTENT_TYPES, ExportRequestSchema, fileSlug, type ExportDocument, type ExportFormat } from '#contracts/export';
import { config } from '../config';
import type { Bindings } from '../env';
import { getDb } from '../db/client';
import { projectPlan } from '../db/queries/cofounder';
import { membershipOf } from '../db/queries/projects';
import { jsonBody, limitBody } from '../middleware/validate';
import { projectExportSource } from '../agents/project-lifecycle';
import { buildExportDocument } from '../services/export/document';
import { writeDocx } from '../services/export/docx';
import { assetFontLoader } from '../services/export/fonts';
import { writeMarkdown } from '../services/export/markdown';
import { projectResearchDigest } from '../services/project-research';
import { admit } from '../services/rate-limit';
import { requireUser, type SignedInEnv } from '../services/sessions';

const NOT_FOUND = { error: 'Project not found.' } as const;
const WRITERS: Record<ExportFormat, (document: ExportDocument, env: Bindings) => Promise<Uint8Array | string> | string> = {
  md: writeMarkdown,
  docx: writeDocx,
  // Loaded on the first PDF only: pdfkit is most of the export's code (decision 0047). Its fonts
  // are among the static assets, and only the subsets the text needs are read.
  pdf: async (document, env) => (await import('../services/export/pdf')).writePdf(document, assetFontLoader(env)),
};

/**
 * 'Export': the project as one Markdown, Word or PDF file (docs/decisions/0046-project-export.md).
 * Any member of a Pro project may export; Free projects are refused with the way to Pro.
 */
export const projectExport = new Hono<SignedInEnv>().post('/:id/export', requireUser, limitBody(2048), jsonBody(ExportRequestSchema), async (c) => {
  const projectId = c.req.param('id');
  const db = getDb(c.env.DB);
  const membership = await membershipOf(db, projectId, c.var.userId);
  if (!membership) return c.json(NOT_FOUND, 404);
  if ((await projectPlan(c.env.DB, projectId)) !== 'pro') {
    return c.json({ error: "Export comes with Pro: the project's owner can get Pro to export it.", upgrade: '/pricing' }, 403);
  }
  const limit = config(c.env).EXPORTS_PER_MEMBER_PER_HOUR;
  const admission = await admit(c.env.DB, [{ name: 'project-export', limit, windowSeconds: 60 * 60 }], c.var.userId);
  if (!admission.allowed) {
    c.header('Retry-After', String(admission.retryAfterSeconds));
    return c.json(
      { error: `You have exported ${limit} times in the last hour. Please try again in ${Math.ceil(admission.retryAfterSeconds / 60)} minutes.` },
      429,
    );
  }

  const request = c.req.valid('json');
  let file: Uint8Array | string;
  try {
    const [source, research] = await Promise.all([projectExportSource(c.env, projectId), projectResearchDigest(c.env.DB, projectId)]);
    const document = buildExportDocument({ name: membership.name, ...source, research, appUrl: c.env.APP_URL }, request);
    file = await WRITERS[request.format](document, c.env);
  } catch (error) {
    console.error('The project export failed', error);
    await admission.release();
    return c.json({ error: 'The export could not be made just now. Nothing was counted against your exports; please try again in a minute.' }, 503);
  }
  // Header values are Latin-1: the plain name keeps ASCII only, `filename*` the whole name.
  const name = fileName(membership.name, request.format);
  return new Response(file as BodyInit, {
    headers: {
      'Content-Type': EXPORT_CONTENT_TYPES[request.format],
      'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'no-store',
    },
  });
});

/** "clinic-waitlist.md": the project's name as a safe slug (its name is the document's title inside). */
export const fileName = (project: string, format: ExportFormat) => `${fileSlug(project, 'project')}.${format}`;
