import { Link } from 'react-router';
import type { ArticleSummary } from '#contracts/blog';
import { formatArticleDate } from './blog-sections';

/** One article in a list: cover, title, excerpt, date and author, all one link. */
export function ArticleCard({
  article,
  variant = 'card',
  headingLevel = 3,
}: {
  article: ArticleSummary;
  variant?: 'featured' | 'card' | 'row';
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`article-card article-card--${variant}`}>
      <Link to={`/blog/${article.slug}`} className="article-card__link">
        <img
          className="article-card__cover"
          src={article.cover_image_url}
          alt=""
          width={1200}
          height={630}
          loading={variant === 'featured' ? 'eager' : 'lazy'}
        />
        <div className="article-card__body">
          <Heading className="article-card__title">{article.title}</Heading>
          {variant !== 'row' && <p className="article-card__excerpt">{article.excerpt}</p>}
          <p className="article-card__meta">
            <time dateTime={new Date(article.published_at).toISOString().slice(0, 10)}>{formatArticleDate(article.published_at)}</time>
            <span aria-hidden="true"> · </span>
            {article.author}
          </p>
        </div>
      </Link>
    </article>
  );
}
