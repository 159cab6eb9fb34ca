import type { ReactNode } from 'react';
import { CONTRIBUTORS, HOW_TO_CONTRIBUTE_URL, type ContributorLinkType } from '../../content/contributors';
import './marketing.css';
import './Contributors.css';

/** The icon and label of each kind of link: the icon follows the link's type. */
const LINK_KINDS: Record<ContributorLinkType, { label: string; icon: ReactNode }> = {
  twitter: {
    label: 'Twitter',
    icon: <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.6l5.24 6.93Zm-1.3 19.5h2.04L6.49 3.24H4.3Z" />,
  },
  linkedin: {
    label: 'LinkedIn',
    icon: (
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z" />
    ),
  },
  github: {
    label: 'GitHub',
    icon: (
      <path d="M12 .3a12 12 0 0 0-3.8 23.38c.6.12.83-.26.83-.57v-2.23c-3.34.72-4.04-1.42-4.04-1.42-.55-1.39-1.34-1.76-1.34-1.76-1.08-.74.09-.73.09-.73 1.2.09 1.83 1.24 1.83 1.24 1.07 1.83 2.8 1.3 3.49 1 .1-.78.42-1.31.76-1.61-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22v3.29c0 .32.21.69.82.57A12 12 0 0 0 12 .3" />
    ),
  },
  website: {
    label: 'Website',
    icon: (
      <path
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 0c2.5 2.7 3.8 6.1 3.8 10S14.5 19.3 12 22m0-20C9.5 4.7 8.2 8.1 8.2 12s1.3 7.3 3.8 10M2.5 9h19M2.5 15h19"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
    ),
  },
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);

export function Component() {
  return (
    <div className="contributors">
      <section className="marketing-hero">
        <h1 className="marketing-hero__title">Contributors</h1>
        <p className="marketing-hero__lead">The people who help build Launchmate.</p>
      </section>

      <section className="marketing-section" aria-label="Contributors">
        <ul className="contributors__list">
          {CONTRIBUTORS.map((contributor) => (
            <li key={contributor.name} className="contributors__card">
              <span className="contributors__avatar" aria-hidden="true">
                {initials(contributor.name)}
              </span>
              <h2 className="contributors__name">{contributor.name}</h2>
              <p className="contributors__role">{contributor.role}</p>
              <ul className="contributors__links">
                {contributor.links.map((link) => (
                  <li key={link.url}>
                    <a className="contributors__link" href={link.url} target="_blank" rel="noopener noreferrer" data-link-type={link.type}>
                      <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
                        {LINK_KINDS[link.type].icon}
                      </svg>
                      <span className="visually-hidden">
                        {contributor.name} on {LINK_KINDS[link.type].label} (opens in a new tab)
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section className="marketing-section contributors__join" aria-labelledby="contributors-join">
        <h2 id="contributors-join" className="marketing-section__title">
          Want to help?
        </h2>
        <p className="marketing-section__lead">
          Fixes, translations, guides and ideas are all welcome.{' '}
          <a href={HOW_TO_CONTRIBUTE_URL} target="_blank" rel="noopener noreferrer">
            Read how to contribute
          </a>
          .
        </p>
      </section>
    </div>
  );
}
