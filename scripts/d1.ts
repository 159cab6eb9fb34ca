/**
 * The operator commands' one way into D1: `wrangler d1 execute` on the local database (optionally
 * another state folder, `--persist-to DIR`) or, with `--remote`, on production.
 *
 * A local database is one SQLite file that a running `npm run dev` and other commands open at the
 * same time. SQLite answers a write that meets another one with SQLITE_BUSY instead of waiting, so
 * a local command that meets a busy database tries again, a few times, before it gives up.
 *
 * The local runtime does not always name the collision: under the same load it sometimes answers
 * 'internal error; reference = …', hiding the cause (once among ten simultaneous commands on a
 * loaded 2-core machine). That is retried too, and safely: the local D1 runs all of a command's
 * statements in one storage transaction, so a command that failed this way committed nothing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WRANGLER = fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url));
/** Enough for ten commands started together on a loaded 2-core machine: about 20 s of pauses in all. */
const BUSY_TRIES = 12;
const BUSY_PAUSE_MS = 250;
const LOCAL_COLLISION = /SQLITE_BUSY|^internal error; reference = /;

/** Raised when D1 refuses a statement; `message` is D1's own explanation. */
export class D1Error extends Error {}

/** Runs `sql` (one or more statements) and returns the rows of the last one. */
export function d1(sql: string, args: string[]): unknown[] {
  const remote = args.includes('--remote');
  const persistAt = args.indexOf('--persist-to');
  const target = remote ? ['--remote'] : ['--local', ...(persistAt >= 0 ? ['--persist-to', args[persistAt + 1]!] : [])];
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync(process.execPath, [WRANGLER, 'd1', 'execute', 'DB', ...target, '--command', sql, '--json'], {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    if (run.status === 0) return (JSON.parse(run.stdout) as { results: unknown[] }[]).at(-1)?.results ?? [];
    const problem = refusal(run.stdout) ?? (run.stderr.trim() || `wrangler d1 execute ended with code ${run.status}`);
    if (remote || !LOCAL_COLLISION.test(problem) || attempt === BUSY_TRIES) throw new D1Error(problem);
    // Growing pauses, spread at random so that commands which collided do not try again in step.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, BUSY_PAUSE_MS * attempt * (0.5 + Math.random()));
  }
}

/** With --json, wrangler prints a refused statement as `{ "error": { "text": … } }` on stdout. */
function refusal(stdout: string): string | undefined {
  try {
    const parsed = JSON.parse(stdout) as { error?: { text?: unknown } };
    return typeof parsed.error?.text === 'string' ? parsed.error.text : undefined;
  } catch {
    return undefined;
  }
}
