import { expect, test } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { baseUrl, newAccount, newPage, withBrowser } from './support';
import { createProject } from './workspace-support';

/**
 * A removed member stays removed (docs/decisions/0049), tried as an outsider would, over HTTP
 * against the running server: a collaborator starts 16 invitation links at once, and the owner
 * removes them while those creations are in flight. Afterwards no link may work, for anyone, and
 * the removed collaborator may not get back in through one.
 *
 * Trials go on until one is a true race (some links made before the removal, some refused after
 * it), so that the test cannot pass on removals that all came too early or too late. Where the
 * race is depends on the machine, so each trial moves the removal's start: later when it came
 * before every creation, earlier when it came after, halfway between once both are known.
 */
withBrowser();

const headers = { Origin: baseUrl };
const tokenOf = (link: string) => new URL(link).pathname.split('/').at(-1)!;
/** When the second side of the race starts: the race's own timing, not a wait for a condition. */
const startIn = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MOST_TRIALS = 24;

/**
 * When the next removal starts, in ms after the creations (before them when negative): halfway
 * between the latest start that came too early and the earliest that came too late, else a step
 * beyond the one that missed.
 */
function nextOffset(tooEarly: number | undefined, tooLate: number | undefined): number {
  if (tooEarly !== undefined && tooLate !== undefined) return (tooEarly + tooLate) / 2;
  if (tooLate !== undefined) return tooLate > 20 ? tooLate / 2 : tooLate - 20;
  if (tooEarly !== undefined) return tooEarly < 20 ? tooEarly + 20 : tooEarly * 2;
  return 0;
}

let owner: Page;
let collaborator: Page;
let projectId: string;

/** The owner invites the collaborator back, and they accept: a member again for the next trial. */
async function join() {
  const invited = await owner.request.post(`/api/project/${projectId}/invitations`, { data: { email: `race-member-${Date.now()}@example.com` }, headers });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  expect((await collaborator.request.post(`/api/project/invitations/${tokenOf(link)}/accept`, { headers })).status()).toBe(200);
}

const working = async (request: APIRequestContext, link: string) => (await request.get(`/api/invitations/${tokenOf(link)}`)).status() === 200;

test('a removal racing 16 simultaneous link creations leaves no link working and no way back in', async () => {
  const [ownerAccount, collaboratorAccount] = await Promise.all([newAccount('race-owner'), newAccount('race-member')]);
  owner = await newPage('desktop', { storageState: ownerAccount.storageState });
  collaborator = await newPage('desktop', { storageState: collaboratorAccount.storageState });
  projectId = await createProject(owner, 'Race');
  await join();
  const { members } = (await (await owner.request.get(`/api/project/${projectId}/members`)).json()) as { members: { userId: string; role: string }[] };
  const collaboratorId = members.find((member) => member.role !== 'owner')!.userId;

  const trials: { offsetMs: number; created: number; surviving: number; rejoins: number }[] = [];
  let tooEarly: number | undefined;
  let tooLate: number | undefined;
  while (trials.length < MOST_TRIALS && !trials.some((trial) => trial.created > 0 && trial.created < 16)) {
    if (trials.length > 0) await join();
    const offsetMs = Math.round(nextOffset(tooEarly, tooLate));
    const create = () =>
      Array.from({ length: 16 }, (_, n) =>
        collaborator.request.post(`/api/project/${projectId}/invitations`, { data: { email: `race-${trials.length}-${n}@example.com` }, headers }),
      );
    const remove = () => owner.request.delete(`/api/project/${projectId}/members/${collaboratorId}`, { headers });
    let creations: ReturnType<typeof create>;
    let removal: ReturnType<typeof remove>;
    if (offsetMs >= 0) {
      creations = create();
      await startIn(offsetMs);
      removal = remove();
    } else {
      removal = remove();
      await startIn(-offsetMs);
      creations = create();
    }
    expect((await removal).status()).toBe(200);
    const answers = await Promise.all(creations);

    const links: string[] = [];
    for (const answer of answers) {
      expect([201, 404]).toContain(answer.status());
      if (answer.status() === 201) links.push(((await answer.json()) as { link: string }).link);
    }
    let surviving = 0;
    let rejoins = 0;
    for (const link of links) {
      if (await working(collaborator.request, link)) surviving++;
      if ((await collaborator.request.post(`/api/project/invitations/${tokenOf(link)}/accept`, { headers })).status() === 200) rejoins++;
    }
    expect((await collaborator.request.get(`/api/projects/${projectId}/cofounder/get-messages`)).status()).toBe(404);
    const after = (await (await owner.request.get(`/api/project/${projectId}/members`)).json()) as { members: { role: string }[]; invitations: unknown[] };
    expect(after.members.map((member) => member.role)).toEqual(['owner']);
    expect(after.invitations).toEqual([]);
    trials.push({ offsetMs, created: links.length, surviving, rejoins });
    if (links.length === 0) tooEarly = Math.max(tooEarly ?? offsetMs, offsetMs);
    if (links.length === 16) tooLate = Math.min(tooLate ?? offsetMs, offsetMs);
  }

  console.log(
    trials
      .map((trial) => `removal ${trial.offsetMs} ms in: ${trial.created} of 16 links created, ${trial.surviving} working after it, ${trial.rejoins} rejoins`)
      .join('\n'),
  );
  expect(trials.some((trial) => trial.created > 0 && trial.created < 16)).toBe(true);
  expect(trials.map((trial) => [trial.surviving, trial.rejoins])).toEqual(trials.map(() => [0, 0]));
});
