import type { RawSettings } from './config';

/**
 * The Worker's bindings: its settings (worker/config.ts, one schema for vars, secrets and the
 * addresses of outside services) and the resources wrangler.toml binds.
 */
export type Bindings = RawSettings & {
  DB: D1Database;
  ASSETS: Fetcher;
  /**
   * The co-founder workspace: one Durable Object per project (worker/agents/cofounder.ts). Typed
   * loosely here, so that the bindings do not depend on the object's module; its one door,
   * worker/agents/project-lifecycle.ts, types it exactly.
   */
  COFOUNDER: DurableObjectNamespace;
};

export interface AppEnv {
  Bindings: Bindings;
}

declare global {
  namespace Cloudflare {
    /** The Agents SDK types its objects' env as Cloudflare.Env: it is the Worker's bindings. */
    interface Env extends Bindings {}
  }
}
