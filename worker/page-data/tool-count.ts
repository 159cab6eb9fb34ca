import { getDb } from '../db/client';
import { readCounter, type Tool } from '../db/queries/free-tools';
import type { PageDataResolver } from './types';

/** A free tool's form with its public counter; the counter is decoration, so a failed read only leaves it out. */
export const toolPage =
  (tool: Tool): PageDataResolver =>
  async (env, _pathname, meta) => {
    const count = await readCounter(getDb(env.DB), tool).catch((error: unknown) => {
      console.error('Reading a tool counter for its page failed', tool, error);
      return null;
    });
    return { status: 200, meta, data: { kind: 'tool-count', tool, count } };
  };
