import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as Article } from '../../app/pages/blog/Article';
import { Component as BlogList } from '../../app/pages/blog/BlogList';
import { blogSections } from '../../app/pages/blog/blog-sections';
import { tableOfContents } from '../../app/pages/blog/table-of-contents';
import type { ArticleSummary } from '#contracts/blog';
import { fakeApi, json } from './fake-api';
import { renderPage } from './render-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const summaries = (count: number): ArticleSummary[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    slug: `article-${i + 1}`,
    title: `Article ${i + 1}`,
    excerpt: `Excerpt ${i + 1}`,
    author: 'Ana Ruiz',
    published_at: Date.UTC(2026, 0, 30 - i),
    cover_image_url: `/blog/covers/article-${i + 1}.svg`,
  }));

async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}

describe('blogSections', () => {
  it('features the first, lists the next 5, and grids from the 7th', () => {
    const list = summaries(20);
    const sections = blogSections(list, 4);
    expect(sections.featured?.id).toBe(1);
    expect(sections.latest.map((a) => a.id)).toEqual([2, 3, 4, 5, 6]);
    expect(sections.grid.map((a) => a.id)).toEqual([7, 8, 9, 10]);
    expect(sections.hasMore).toBe(true);
  });

  it('has nothing more once every grid article is shown, and copes with short lists', () => {
    expect(blogSections(summaries(10), 4)).toMatchObject({ hasMore: false });
    expect(blogSections(summaries(11), 4).hasMore).toBe(true);
    expect(blogSections(summaries(3), 4)).toMatchObject({ latest: [{ id: 2 }, { id: 3 }], grid: [], hasMore: false });
    expect(blogSections([], 4)).toEqual({ featured: undefined, latest: [], grid: [], hasMore: false });
  });
});

describe('the blog list', () => {
  const gridTitles = () =>
    within(screen.getByTestId('article-grid'))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
  const loadMore = () => screen.queryByRole('button', { name: 'Load more articles' });

  it("shows 4 grid articles, then 8 more per 'Load more articles', until none remain", async () => {
    // 1 featured + 5 latest + 21 in the grid: 4, 12, 20, then all 21.
    fakeApi({ 'GET /api/general/articles': () => json(200, summaries(27)) });
    renderPage([{ path: '/blog', Component: BlogList }], '/blog');
    await settle();

    const featured = screen.getByRole('region', { name: 'Featured article' });
    expect(within(featured).getByRole('heading', { level: 2 }).textContent).toBe('Article 1');
    const latest = screen.getByRole('region', { name: 'Latest articles' });
    expect(
      within(latest)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Article 2', 'Article 3', 'Article 4', 'Article 5', 'Article 6']);

    expect(gridTitles()).toEqual(['Article 7', 'Article 8', 'Article 9', 'Article 10']);
    fireEvent.click(loadMore()!);
    expect(gridTitles()).toHaveLength(12);
    fireEvent.click(loadMore()!);
    expect(gridTitles()).toHaveLength(20);
    fireEvent.click(loadMore()!);
    expect(gridTitles()).toHaveLength(21);
    expect(gridTitles().at(-1)).toBe('Article 27');
    expect(loadMore()).toBeNull();
  });

  it('shows no button when the grid fits, and links every card to its article', async () => {
    fakeApi({ 'GET /api/general/articles': () => json(200, summaries(10)) });
    renderPage([{ path: '/blog', Component: BlogList }], '/blog');
    await settle();
    expect(gridTitles()).toEqual(['Article 7', 'Article 8', 'Article 9', 'Article 10']);
    expect(loadMore()).toBeNull();
    expect(screen.getByRole('link', { name: /Article 8/ }).getAttribute('href')).toBe('/blog/article-8');
  });
});

describe('the table of contents', () => {
  it('nests h3 under the h2 before it and skips headings without an id', () => {
    const html = '<h3 id="intro">Intro</h3><h2 id="a">A</h2><h3 id="a1">A1</h3><h3 id="a2">A2</h3><h2 id="b">B</h2><h2>No id</h2><h4 id="deep">Deep</h4>';
    expect(tableOfContents(html)).toEqual([
      { id: 'intro', text: 'Intro', children: [] },
      {
        id: 'a',
        text: 'A',
        children: [
          { id: 'a1', text: 'A1', children: [] },
          { id: 'a2', text: 'A2', children: [] },
        ],
      },
      { id: 'b', text: 'B', children: [] },
    ]);
  });
});

describe('the article page', () => {
  /** jsdom never loads images: this lets a test decide when the cover "arrives". */
  function controlImages() {
    const images: { src: string; load: () => void }[] = [];
    class FakeImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(value: string) {
        images.push({ src: value, load: () => this.onload?.() });
      }
    }
    vi.stubGlobal('Image', FakeImage);
    return images;
  }

  it('shows the skeleton until the cover has loaded, then the article with its table of contents', async () => {
    const images = controlImages();
    fakeApi({
      'GET /api/general/article/pricing': () =>
        json(200, { ...summaries(1)[0], slug: 'pricing', title: 'Pricing', content: '<h2 id="why">Why</h2><h3 id="how">How</h3><p>Body</p>' }),
    });
    renderPage([{ path: '/blog/:slug', Component: Article }], '/blog/pricing');
    await settle();
    expect(screen.getByRole('status').textContent).toContain('Loading the article');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    expect(images.map((i) => i.src)).toEqual(['/blog/covers/article-1.svg']);
    await act(async () => images[0]!.load());
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    const outer = within(toc).getByRole('link', { name: 'Why' }).closest('li')!;
    expect(within(outer).getByRole('link', { name: 'How' }).getAttribute('href')).toBe('#how');
    expect(screen.getByText('By Ana Ruiz')).toBeTruthy();
  });

  it('shows the not-found view with the 4 latest articles for an unknown slug', async () => {
    fakeApi({
      'GET /api/general/article/nope': () => json(404, { error: 'Article not found' }),
      'GET /api/general/articles': () => json(200, summaries(9)),
    });
    renderPage([{ path: '/blog/:slug', Component: Article }], '/blog/nope');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
    expect(screen.getByText("Sorry, the article you're looking for doesn't exist.")).toBeTruthy();
    const suggestions = screen.getByRole('region', { name: 'Latest articles' });
    expect(
      within(suggestions)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Article 1', 'Article 2', 'Article 3', 'Article 4']);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});
