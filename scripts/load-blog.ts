/**
 * Loads the blog (content/blog/*.md) into D1.
 *
 *   node scripts/load-blog.ts                       the local database of `npm start`
 *   node scripts/load-blog.ts --remote              the production database
 *   node scripts/load-blog.ts --persist-to DIR      a local database kept elsewhere (the e2e suite)
 *
 * Each file is Markdown with YAML front matter (title, excerpt, author, date; the slug is the
 * file name). It is turned into HTML here, once, and sanitised with GitHub's allowlist: raw HTML
 * in an article survives only as far as the allowlist lets it, so a <script>, an event handler
 * or a javascript: link never reaches the database, and the app may render the stored HTML as
 * it is. Headings get ids after sanitising, for the table of contents.
 *
 * The folder is the source of truth: articles whose file is gone are deleted. Loading twice
 * changes nothing (an upsert by slug).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { matter } from 'vfile-matter';

export const BLOG_DIR = fileURLToPath(new URL('../content/blog/', import.meta.url));

/** Also the Worker's rule for a slug it looks up (contracts/blog.ts). */
export const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface Article {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** Unix milliseconds, midnight UTC of the front matter's date. */
  publishedAt: number;
  coverImageUrl: string;
  contentHtml: string;
}

/** Covers are drawn by the Worker from the slug (worker/services/blog-cover.ts). */
export const coverUrlOf = (slug: string) => `/blog/covers/${slug}.svg`;

const processor = unified()
  .use(remarkParse)
  .use(remarkFrontmatter, ['yaml'])
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  // GitHub's allowlist; ids written in raw HTML get a user-content- prefix, so they never
  // collide with the heading ids rehype-slug adds afterwards.
  .use(rehypeSanitize, defaultSchema)
  .use(rehypeSlug)
  .use(rehypeStringify);

function requiredText(data: Record<string, unknown>, key: string, file: string): string {
  const value = data[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${file}: front matter needs a non-empty "${key}"`);
  return value.trim();
}

/** Markdown with front matter → an article with sanitised HTML. Throws on a malformed file. */
export async function convertArticle(fileName: string, markdown: string): Promise<Article> {
  const slug = basename(fileName, '.md');
  if (!SLUG_SHAPE.test(slug)) throw new Error(`${fileName}: the file name must be a slug (lower-case letters, digits, hyphens)`);
  const file = new VFile({ path: fileName, value: markdown });
  matter(file);
  const data = (file.data.matter ?? {}) as Record<string, unknown>;

  // YAML reads an unquoted 2026-01-15 as a string with vfile-matter's settings; accept a Date too.
  const rawDate = data.date instanceof Date ? data.date.toISOString().slice(0, 10) : requiredText(data, 'date', fileName);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(rawDate)) throw new Error(`${fileName}: "date" must be YYYY-MM-DD`);
  const publishedAt = Date.parse(`${rawDate}T00:00:00Z`);
  if (Number.isNaN(publishedAt)) throw new Error(`${fileName}: "date" is not a real date`);

  const contentHtml = String(await processor.process(file));
  return {
    slug,
    title: requiredText(data, 'title', fileName),
    excerpt: requiredText(data, 'excerpt', fileName),
    author: requiredText(data, 'author', fileName),
    publishedAt,
    coverImageUrl: coverUrlOf(slug),
    contentHtml,
  };
}

export async function readArticles(dir = BLOG_DIR): Promise<Article[]> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort();
  return Promise.all(files.map((name) => convertArticle(name, readFileSync(join(dir, name), 'utf8'))));
}

/** An SQLite string literal: quotes doubled, nothing else is special. */
const text = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** One script: an upsert per article, then the removal of articles whose file is gone. */
export function articlesSql(list: Article[], now = Date.now()): string {
  const upserts = list.map(
    (a) =>
      `INSERT INTO articles (slug, title, excerpt, author, published_at, cover_image_url, content_html, updated_at) VALUES (${[
        text(a.slug),
        text(a.title),
        text(a.excerpt),
        text(a.author),
        a.publishedAt,
        text(a.coverImageUrl),
        text(a.contentHtml),
        now,
      ].join(', ')}) ON CONFLICT (slug) DO UPDATE SET title = excluded.title, excerpt = excluded.excerpt, author = excluded.author, ` +
      `published_at = excluded.published_at, cover_image_url = excluded.cover_image_url, content_html = excluded.content_html, updated_at = excluded.updated_at;`,
  );
  const keep = list.map((a) => text(a.slug)).join(', ');
  return [...upserts, `DELETE FROM articles WHERE slug NOT IN (${keep || "''"});`].join('\n');
}

async function main(args: string[]) {
  const remote = args.includes('--remote');
  const persistAt = args.indexOf('--persist-to');
  const target = remote ? ['--remote'] : ['--local', ...(persistAt >= 0 ? ['--persist-to', args[persistAt + 1]!] : [])];

  const list = await readArticles();
  const dir = mkdtempSync(join(tmpdir(), 'launchmate-blog-'));
  try {
    const sqlFile = join(dir, 'articles.sql');
    writeFileSync(sqlFile, articlesSql(list));
    const wrangler = fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url));
    execFileSync(process.execPath, [wrangler, 'd1', 'execute', 'DB', ...target, '--file', sqlFile, '--yes'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`Loaded ${list.length} articles into the ${remote ? 'remote' : 'local'} D1 database.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
