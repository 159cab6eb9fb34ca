import type { InferResponseType } from 'hono/client';
import type { api } from '../../lib/api';

/** A project as the dashboard lists it: the API's own answer, so a renamed field fails the type check. */
export type Project = InferResponseType<typeof api.project.$get, 200>['projects'][number];

/** A project just created: it has no phase done yet. */
export type CreatedProject = InferResponseType<typeof api.project.$post, 201>['project'];
