import { describe, expect, it } from 'vitest';
import { articlesSql, convertArticle, readArticles, SLUG_SHAPE } from '../../scripts/load-blog';

const article = (body: string, front = 'title: A title\nexcerpt: An excerpt\nauthor: Ana\ndate: 2026-03-04') => `---\n${front}\n---\n\n${body}\n`;

describe('the blog conversion', () => {
  it('reads the front matter, dates at midnight UTC and the cover drawn by the product', async () => {
    const converted = await convertArticle('pricing-basics.md', article('Hello **world**.'));
    expect(converted).toMatchObject({
      slug: 'pricing-basics',
      title: 'A title',
      excerpt: 'An excerpt',
      author: 'Ana',
      publishedAt: Date.UTC(2026, 2, 4),
      coverImageUrl: '/blog/covers/pricing-basics.svg',
    });
    expect(converted.contentHtml).toBe('<p>Hello <strong>world</strong>.</p>');
  });

  it('gives h2 and h3 headings ids for the table of contents', async () => {
    const { contentHtml } = await convertArticle('a.md', article('## Why price early?\n\ntext\n\n### The first number\n\nmore\n\n## Why price early?'));
    expect(contentHtml).toContain('<h2 id="why-price-early">Why price early?</h2>');
    expect(contentHtml).toContain('<h3 id="the-first-number">The first number</h3>');
    // Repeated headings still get distinct anchors.
    expect(contentHtml).toContain('<h2 id="why-price-early-1">');
  });

  it('never lets scripts, event handlers or javascript: links through', async () => {
    const { contentHtml } = await convertArticle(
      'evil.md',
      article(
        [
          'Before <script>alert(1)</script> after',
          '',
          '<img src="/x.png" onerror="alert(2)">',
          '',
          '[click](javascript:alert(3)) and <a href="javascript:alert(4)">raw</a>',
          '',
          '<iframe src="https://example.com"></iframe><style>body{display:none}</style>',
          '',
          '<div onclick="alert(5)" style="color:red" id="toc">styled</div>',
        ].join('\n'),
      ),
    );
    expect(contentHtml).not.toMatch(/<script|<iframe|<style|onerror|onclick|javascript:|style=/i);
    expect(contentHtml).not.toContain('alert(1)');
    // What is harmless stays: the text, the image, the links' words.
    expect(contentHtml).toContain('<img src="/x.png">');
    expect(contentHtml).toContain('click');
    // Raw HTML cannot take over the ids of the page.
    expect(contentHtml).toContain('id="user-content-toc"');
  });

  it('rejects files with missing front matter or a name that is not a slug', async () => {
    await expect(convertArticle('a.md', article('x', 'title: T\nexcerpt: E\ndate: 2026-01-01'))).rejects.toThrow(/author/);
    await expect(convertArticle('a.md', article('x', 'title: T\nexcerpt: E\nauthor: A\ndate: 1 May'))).rejects.toThrow(/YYYY-MM-DD/);
    await expect(convertArticle('Bad Name.md', article('x'))).rejects.toThrow(/slug/);
  });

  it('writes SQL with quotes doubled, and removes articles whose file is gone', async () => {
    const converted = await convertArticle('quotes.md', article("It's *fine*", 'title: "Founders\' guide"\nexcerpt: E\nauthor: A\ndate: 2026-01-01'));
    const sql = articlesSql([converted], 1);
    expect(sql).toContain("'Founders'' guide'");
    expect(sql).toContain("<p>It''s <em>fine</em></p>");
    expect(sql).toContain("DELETE FROM articles WHERE slug NOT IN ('quotes');");
  });
});

describe('the shipped articles', () => {
  it('are at least 14, with distinct slugs, dates and real sections', async () => {
    const articles = await readArticles();
    expect(articles.length).toBeGreaterThanOrEqual(14);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);
    for (const a of articles) {
      expect(a.slug).toMatch(SLUG_SHAPE);
      expect((a.contentHtml.match(/<h2 /g) ?? []).length, a.slug).toBeGreaterThanOrEqual(3);
      expect(a.contentHtml, a.slug).toMatch(/<h3 /);
      expect(a.contentHtml.replace(/<[^>]+>/g, '').split(/\s+/).length, a.slug).toBeGreaterThan(400);
    }
  });
});
