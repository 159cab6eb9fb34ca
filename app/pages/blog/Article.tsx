import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ARTICLE_SUGGESTIONS, type ArticleSummary, type ArticleWithContent } from '#contracts/blog';
import { api, ApiError, send } from '../../lib/api';
import { logUnexpected } from '../../lib/forms';
import { useRenderedData } from '../../lib/use-rendered-data';
import { ArticleCard } from './ArticleCard';
import { formatArticleDate } from './blog-sections';
import { tableOfContents, type TocEntry } from './table-of-contents';
import './blog.css';

type State = { kind: 'loading' } | { kind: 'found'; article: ArticleWithContent } | { kind: 'not-found'; latest?: ArticleSummary[] } | { kind: 'failed' };

/** What the Worker rendered (docs/decisions/0034), as the page's first state. */
function renderedState(data: RenderedArticle): State {
  if (data.kind === 'article') return { kind: 'found', article: data.article };
  if (data.kind === 'article-missing') return { kind: 'not-found', latest: data.latest };
  return { kind: 'failed' };
}

type RenderedArticle = NonNullable<ReturnType<typeof useRenderedArticle>>;

function useRenderedArticle() {
  const found = useRenderedData('article');
  const missing = useRenderedData('article-missing');
  const failed = useRenderedData('article-failed');
  return found ?? missing ?? failed;
}

/** Resolves once the image has loaded, or failed to: a broken cover must not hide the article. */
function preloadImage(src: string): Promise<void> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => resolve();
    image.src = src;
  });
}

export function Component() {
  const { slug = '' } = useParams();
  const rendered = useRenderedArticle();
  const [state, setState] = useState<State>(() => (rendered ? renderedState(rendered) : { kind: 'loading' }));

  useEffect(() => {
    if (rendered) {
      setState(renderedState(rendered));
      return;
    }
    let current = true;
    setState({ kind: 'loading' });
    send(() => api.general.article[':slug'].$get({ param: { slug } }))
      .then((response) => response.json())
      .then(async (article) => {
        // The skeleton stays until the cover image has loaded.
        await preloadImage(article.cover_image_url);
        if (current) setState({ kind: 'found', article });
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ kind: 'not-found' });
        } else {
          logUnexpected('Loading the article failed', error);
          setState({ kind: 'failed' });
        }
      });
    return () => {
      current = false;
    };
  }, [slug, rendered]);

  if (state.kind === 'loading') return <ArticleSkeleton />;
  if (state.kind === 'not-found') return <ArticleNotFound rendered={state.latest} />;
  if (state.kind === 'failed') {
    return (
      <div className="page article-page">
        <h1>Article unavailable</h1>
        <p role="alert">We could not load this article. Please refresh the page to try again.</p>
        <Link to="/blog">See all articles</Link>
      </div>
    );
  }
  return <ArticleView article={state.article} />;
}

function ArticleView({ article }: { article: ArticleWithContent }) {
  const toc = useMemo(() => tableOfContents(article.content), [article.content]);

  useEffect(() => {
    document.title = `${article.title} | Launchmate`;
  }, [article.title]);

  // A heading anchor given in the URL is scrolled to smoothly, once the
  // article is on screen (the router's own scroll ran before the heading existed).
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [article.slug]);

  return (
    <div className="page article-page">
      <p className="article-page__back">
        <Link to="/blog">← All articles</Link>
      </p>
      <article className="article">
        <header className="article__header">
          <h1>{article.title}</h1>
          <p className="article__meta">
            <time dateTime={new Date(article.published_at).toISOString().slice(0, 10)}>{formatArticleDate(article.published_at)}</time>
            <span aria-hidden="true"> · </span>
            <span>By {article.author}</span>
          </p>
          <img className="article__cover" src={article.cover_image_url} alt="" width={1200} height={630} />
        </header>
        <div className="article__layout">
          {toc.length > 0 && <TableOfContents entries={toc} />}
          {/* The HTML was sanitised with an allowlist when the article was loaded into the
              database (scripts/load-blog.ts): no script, event handler or javascript: link
              survives that, which is why it may be rendered as it is here. */}
          <div className="article__content" dangerouslySetInnerHTML={{ __html: article.content }} />
        </div>
      </article>
    </div>
  );
}

function scrollToHeading(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  // The anchor goes into the address (to share it) without a router navigation.
  window.history.replaceState(window.history.state, '', `#${encodeURIComponent(id)}`);
}

function TableOfContents({ entries }: { entries: TocEntry[] }) {
  const list = (items: TocEntry[]) => (
    <ol>
      {items.map((entry) => (
        <li key={entry.id}>
          <a href={`#${encodeURIComponent(entry.id)}`} onClick={(event) => scrollToHeading(event, entry.id)}>
            {entry.text}
          </a>
          {entry.children.length > 0 && list(entry.children)}
        </li>
      ))}
    </ol>
  );
  return (
    <nav className="toc" aria-labelledby="toc-heading">
      <h2 id="toc-heading" className="toc__heading">
        Table of contents
      </h2>
      {list(entries)}
    </nav>
  );
}

function ArticleSkeleton() {
  return (
    <div className="page article-page" aria-busy="true">
      <div className="skeleton" role="status">
        <span className="visually-hidden">Loading the article…</span>
        <div className="skeleton__line skeleton__line--title" />
        <div className="skeleton__line skeleton__line--meta" />
        <div className="skeleton__cover" />
        <div className="skeleton__line" />
        <div className="skeleton__line" />
        <div className="skeleton__line skeleton__line--short" />
      </div>
    </div>
  );
}

/** `rendered`: the latest articles the Worker rendered this view with, if it did. */
function ArticleNotFound({ rendered }: { rendered?: ArticleSummary[] }) {
  const [latest, setLatest] = useState<ArticleSummary[]>(rendered ?? []);

  useEffect(() => {
    if (rendered) return;
    let current = true;
    // A failure here has no handling of its own; the suggestions stay empty.
    send(() => api.general.articles.$get())
      .then((response) => response.json())
      .then((list) => current && setLatest(list.slice(0, ARTICLE_SUGGESTIONS)))
      .catch((error: unknown) => logUnexpected('Loading suggested articles failed', error));
    return () => {
      current = false;
    };
  }, [rendered]);

  useEffect(() => {
    document.title = 'Article not found | Launchmate';
    // The Worker already sent noindex with a 404; this covers arriving by in-app navigation.
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.appendChild(robots);
    return () => {
      document.head.removeChild(robots);
    };
  }, []);

  return (
    <div className="page article-page article-missing">
      <h1>Article not found</h1>
      <p>Sorry, the article you're looking for doesn't exist.</p>
      <p>
        <Link to="/blog">See all articles</Link>
      </p>
      {latest.length > 0 && (
        <section aria-labelledby="suggested-articles" className="article-missing__suggestions">
          <h2 id="suggested-articles">Latest articles</h2>
          <div className="blog__grid">
            {latest.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
