import { useEffect, useState } from 'react';
import type { ArticleSummary } from '#contracts/blog';
import { Spinner } from '../../components/Spinner';
import { api, send } from '../../lib/api';
import { logUnexpected } from '../../lib/forms';
import { useRenderedData } from '../../lib/use-rendered-data';
import { ArticleCard } from './ArticleCard';
import { blogSections, GRID_FIRST, GRID_STEP } from './blog-sections';
import './blog.css';

export function Component() {
  // The Worker rendered the list (or its failure, with a 503): no second fetch.
  const rendered = useRenderedData('articles');
  const [articles, setArticles] = useState<ArticleSummary[] | null>(rendered?.articles ?? null);
  const [failed, setFailed] = useState(rendered !== null && rendered.articles === null);
  const [gridShown, setGridShown] = useState(GRID_FIRST);

  useEffect(() => {
    if (rendered) return;
    let current = true;
    send(() => api.general.articles.$get())
      .then((response) => response.json())
      .then((list) => current && setArticles(list))
      .catch((error: unknown) => {
        logUnexpected('Loading the articles failed', error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [rendered]);

  const sections = articles ? blogSections(articles, gridShown) : null;

  return (
    <div className="page blog">
      <header className="blog__header">
        <h1>Blog</h1>
        <p>Practical guides for founders: finding an idea, validating demand, personas, pricing and launching.</p>
      </header>

      {!sections ? (
        failed ? (
          <p className="blog__state" role="alert">
            We could not load the articles. Please refresh the page to try again.
          </p>
        ) : (
          <div className="blog__state">
            <Spinner label="Loading articles" />
          </div>
        )
      ) : !sections.featured ? (
        <p className="blog__state">No articles yet. Come back soon.</p>
      ) : (
        <>
          <section aria-label="Featured article" className="blog__featured">
            <ArticleCard article={sections.featured} variant="featured" headingLevel={2} />
          </section>

          {sections.latest.length > 0 && (
            <section aria-labelledby="latest-articles" className="blog__latest">
              <h2 id="latest-articles">Latest articles</h2>
              <div className="blog__latest-list">
                {sections.latest.map((article) => (
                  <ArticleCard key={article.id} article={article} variant="row" />
                ))}
              </div>
            </section>
          )}

          {sections.grid.length > 0 && (
            <section aria-labelledby="more-articles" className="blog__more">
              <h2 id="more-articles">More articles</h2>
              <div className="blog__grid" data-testid="article-grid">
                {sections.grid.map((article) => (
                  <ArticleCard key={article.id} article={article} />
                ))}
              </div>
              {sections.hasMore && (
                <div className="blog__load-more">
                  <button type="button" className="button button--secondary" onClick={() => setGridShown((n) => n + GRID_STEP)}>
                    Load more articles
                  </button>
                </div>
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}
