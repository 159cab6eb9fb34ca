/**
 * Type-level checks, compiled by `npm run typecheck` and never run: pages render the contracts'
 * and the API's own shapes, not copies of them, so renaming a field in a contract fails the type
 * check wherever a page still reads the old name. A `@ts-expect-error` below fails the type check
 * if the error it expects goes away.
 */
import type { InferResponseType } from 'hono/client';
import type { ComponentProps } from 'react';
import type { ArticleSummary } from '#contracts/blog';
import type { api } from '../../app/lib/api';
import { DeleteProject } from '../../app/pages/app/DeleteProject';
import { ArticleCard } from '../../app/pages/blog/ArticleCard';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameType = <A, B>(verdict: Equal<A, B>) => verdict;

// The blog's card takes the contract's ArticleSummary itself.
sameType<ComponentProps<typeof ArticleCard>['article'], ArticleSummary>(true);

// The dashboard takes a project exactly as GET /api/project lists it.
type ListedProject = InferResponseType<typeof api.project.$get, 200>['projects'][number];
sameType<ComponentProps<typeof DeleteProject>['project'], ListedProject>(true);

// An article whose `excerpt` were renamed `summary` is refused by the card that reads `excerpt`.
declare const renamedArticle: Omit<ArticleSummary, 'excerpt'> & { summary: string };
// @ts-expect-error ArticleCard reads `excerpt`
ArticleCard({ article: renamedArticle });

// A project whose `name` were renamed `title` is refused by the dashboard that reads `name`.
declare const renamedProject: Omit<ListedProject, 'name'> & { title: string };
// @ts-expect-error DeleteProject reads `name`
DeleteProject({ project: renamedProject, onDeleted: () => {}, onCancel: () => {} });
