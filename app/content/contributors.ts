/**
 * The contributors of /contributors. OPERATOR CONTENT: list the people who help build the
 * product, each with up to four links; the page picks the icon from the link's type.
 */
export type ContributorLinkType = 'twitter' | 'linkedin' | 'github' | 'website';

export interface Contributor {
  name: string;
  role: string;
  links: readonly { type: ContributorLinkType; url: string }[];
}

/** Where someone who wants to help reads how (shown as the page's how-to-contribute link). */
export const HOW_TO_CONTRIBUTE_URL = 'https://github.com/launchmate/launchmate/blob/main/CONTRIBUTING.md';

export const CONTRIBUTORS: readonly Contributor[] = [
  {
    name: 'Andrei Ionescu',
    role: 'Co-founder, product and engineering',
    links: [
      { type: 'twitter', url: 'https://x.com/andrei_builds' },
      { type: 'linkedin', url: 'https://www.linkedin.com/in/andrei-ionescu-launchmate' },
      { type: 'github', url: 'https://github.com/andrei-ionescu' },
    ],
  },
  {
    name: 'Maria Dumitrescu',
    role: 'Co-founder, research and method',
    links: [
      { type: 'linkedin', url: 'https://www.linkedin.com/in/maria-dumitrescu-research' },
      { type: 'website', url: 'https://mariadumitrescu.example' },
    ],
  },
  {
    name: 'Radu Stan',
    role: 'Engineering, research pages',
    links: [{ type: 'github', url: 'https://github.com/radustan' }],
  },
  {
    name: 'Elena Munteanu',
    role: 'Design',
    links: [
      { type: 'twitter', url: 'https://x.com/elena_designs' },
      { type: 'website', url: 'https://elenamunteanu.example' },
    ],
  },
  {
    name: 'Chris Walker',
    role: 'Translations and community',
    links: [
      { type: 'github', url: 'https://github.com/cwalker-dev' },
      { type: 'linkedin', url: 'https://www.linkedin.com/in/chris-walker-community' },
    ],
  },
  {
    name: 'Nadia Haddad',
    role: 'Blog and founder guides',
    links: [{ type: 'website', url: 'https://nadiahaddad.example' }],
  },
];
