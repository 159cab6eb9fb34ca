/**
 * Phase 2 on screen: source cards from the search tool (escaped, safe links, the sources that were
 * searched), the scale estimate with the product's arithmetic, its acceptance and its editor, and
 * the research-page draft, created in place once per project.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscussionSearchResult } from '#contracts/discussions';
import type { MemoryEntry, WorkspaceMessage } from '#contracts/workspace';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';
import { MessageRow } from '../../app/pages/app/workspace/MessageRow';
import { draftKey } from '../../app/pages/app/workspace/phases/problem-scale/ResearchDraftCard';
import { fakeApi, json } from './fake-api';
import { currentUrl, renderPage } from './render-page';
import type { MemoryResult } from '../../app/pages/app/workspace/use-workspace';

const AT = Date.UTC(2026, 10, 23, 9, 30);
const ME = { userId: 'u1', name: 'Ada' };

const SEARCH: DiscussionSearchResult = {
  queries: ['dentist cancellations'],
  sources: [
    { source: 'hacker_news', status: 'ok', found: 2, cachedQueries: 0 },
    { source: 'stack_exchange', status: 'unavailable', found: 0, cachedQueries: 0 },
  ],
  discussions: [
    {
      id: 'hacker_news:1',
      source: 'hacker_news',
      kind: 'story',
      site: 'news.ycombinator.com',
      title: '<script>alert(1)</script> Ask HN: how do clinics fill cancelled slots?',
      excerpt: 'We lose <b>ten</b> appointments a week.',
      url: 'https://news.ycombinator.com/item?id=1',
      score: 1520,
      comments: 87,
      views: null,
      createdAt: '2025-03-02T10:00:00.000Z',
    },
    {
      id: 'hacker_news:2',
      source: 'hacker_news',
      kind: 'comment',
      site: 'news.ycombinator.com',
      title: 'A link that is not a web address',
      excerpt: '',
      url: 'javascript:alert(2)',
      score: null,
      comments: null,
      views: null,
      createdAt: null,
    },
  ],
};

const answer = (parts: WorkspaceMessage['parts']): WorkspaceMessage => ({
  id: 'a1',
  role: 'assistant',
  parts,
  metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete' },
});

const ESTIMATE: MemoryEntry = {
  id: 'est',
  kind: 'scale_estimate',
  title: 'Empty chairs in US clinics',
  estimate: {
    segments: ['Independent dental clinics'],
    topDown: {
      unit: 'clinics',
      steps: [
        { operation: 'start', value: 200000, label: 'dental clinics in the US', source: 'assumption' },
        { operation: 'multiply', value: 0.4, label: 'book by phone', source: 'https://news.ycombinator.com/item?id=1' },
      ],
    },
    bottomUp: { unit: 'clinics a year', steps: [{ operation: 'start', value: 600, label: 'demos a year', source: 'assumption' }] },
    frequency: 'Weekly.',
    pain: 'Two hours a week.',
    currentAlternatives: 'Phone calls.',
    confidence: 'low',
    confidenceReasons: 'One discussion.',
    evidence: [{ title: 'Ask HN: cancelled slots', url: 'https://news.ycombinator.com/item?id=1', site: 'Hacker News' }],
  },
  author: { kind: 'cofounder' },
  updatedAt: AT,
  version: 2,
};

type Change = Parameters<Parameters<typeof MemoryPanel>[0]['changeMemory']>[0];

function memoryPanel(entries: MemoryEntry[], answers: MemoryResult[]) {
  const changes: Change[] = [];
  const changeMemory = vi.fn(async (change: Change) => {
    changes.push(change);
    const next = answers.shift();
    if (!next) throw new Error('No answer scripted for this change');
    return next;
  });
  render(<MemoryPanel entries={entries} changeMemory={changeMemory} />);
  return { changes };
}

afterEach(() => vi.restoreAllMocks());

describe('source cards', () => {
  it('show each discussion as escaped text with a link that opens the original in a new tab, and the sources searched', () => {
    render(
      <ol>
        <MessageRow
          message={answer([
            { type: 'tool-search_discussions', toolCallId: 'c1', state: 'output-available', input: { queries: SEARCH.queries }, output: SEARCH },
          ])}
          me={ME}
          streaming={false}
        />
      </ol>,
    );
    const cards = screen.getByRole('region', { name: 'Discussions found' });
    expect(cards.textContent).toContain('Hacker News (2)');
    expect(within(cards).getByText('(unavailable)')).toBeTruthy();
    expect(cards.textContent).toContain('Reddit is not connected.');
    const link = within(cards).getByRole('link', { name: /Ask HN: how do clinics fill cancelled slots/ });
    expect(link.getAttribute('href')).toBe('https://news.ycombinator.com/item?id=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Markup in outside text stays text.
    expect(link.textContent).toContain('<script>alert(1)</script>');
    expect(cards.querySelector('script, b')).toBeNull();
    expect(cards.textContent).toContain('1.5K points');
    expect(cards.textContent).toContain('87 comments');
    // A result whose address is not http(s) is shown without a link.
    expect(within(cards).getByText('A link that is not a web address').closest('a')).toBeNull();
    expect(cards.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('say what is being searched while the search runs', () => {
    render(
      <ol>
        <MessageRow
          message={answer([{ type: 'tool-search_discussions', toolCallId: 'c1', state: 'input-available', input: { queries: ['missed appointments'] } }])}
          me={ME}
          streaming
        />
      </ol>,
    );
    expect(screen.getByRole('status').textContent).toBe('Searching public discussions for “missed appointments”…');
  });
});

describe('the research page draft', () => {
  const DRAFT = {
    title: 'Cancellations at your clinic',
    introduction: 'We are building a waiting-list tool.',
    testsAssumptions: ['Clinics lose several slots a week'],
    questions: [
      { text: 'How many cancellations last week?', type: 'multiple_choice' as const, options: ['0', '1–3', '4+'] },
      { text: 'Your e-mail', type: 'email' as const, config: { required: false } },
    ],
  };
  const PAGES = 'GET /api/research/projects/p1/pages';
  const CREATE = 'POST /api/research/projects/p1/pages';
  const created = (urlKey: string, draftKey: string | null) => ({ url_key: urlKey, title: DRAFT.title, draft_key: draftKey });

  /** The draft's message in the workspace of project p1, as MessageRow shows it once the answer is complete. */
  function renderDraft(onCreate = vi.fn()) {
    const router = renderPage(
      [
        {
          path: '/app/projects/:projectId',
          Component: () => (
            <ol>
              <MessageRow
                message={answer([{ type: 'tool-draft_research_page', toolCallId: 'c2', state: 'output-available', input: DRAFT, output: { shown: true } }])}
                me={ME}
                streaming={false}
                onCreateResearchPage={onCreate}
              />
            </ol>
          ),
        },
      ],
      '/app/projects/p1',
    );
    const card = () => screen.getByRole('region', { name: 'Draft research page: Cancellations at your clinic' });
    return { router, card, onCreate };
  }

  it('lists its questions and creates the page in place, then offers to open it', async () => {
    const server = fakeApi({ [PAGES]: () => json(200, { pages: [] }), [CREATE]: () => json(201, { page: { url_key: 'k1', title: DRAFT.title } }) });
    const { router, card, onCreate } = renderDraft();
    expect(card().textContent).toContain('Tests: Clinics lose several slots a week');
    expect(card().textContent).toContain('How many cancellations last week? (One choice: 0 / 1–3 / 4+)');
    expect(card().textContent).toContain('Your e-mail (E-mail address)');
    expect(card().textContent).toContain('We are building a waiting-list tool.');
    fireEvent.click(await within(card()).findByRole('button', { name: 'Create this research page' }));

    const open = await within(card()).findByRole('link', { name: /Open the page/ });
    expect(open.getAttribute('href')).toBe('/research/k1');
    expect(open.getAttribute('target')).toBe('_blank');
    // Focus follows the button it replaces (once the link is on screen), and the conversation stays where it was.
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(currentUrl(router)).toBe('/app/projects/p1');
    expect(within(card()).queryByRole('button', { name: 'Create this research page' })).toBeNull();
    expect(onCreate).toHaveBeenCalledWith(DRAFT);

    const [sent] = server.calls(CREATE);
    const { testsAssumptions: _tests, ...page } = DRAFT;
    expect(sent!.body).toEqual({ ...page, draft_key: await draftKey(DRAFT) });
    expect((sent!.body as { draft_key: string }).draft_key).toMatch(/^[0-9a-f]{64}$/);
  });

  it("knows its page was created already (by any member): 'Open the page', not a second 'Create'", async () => {
    const server = fakeApi({ [PAGES]: async () => json(200, { pages: [created('other', null), created('k7', await draftKey(DRAFT))] }) });
    const { card } = renderDraft();
    const open = await within(card()).findByRole('link', { name: /Open the page/ });
    expect(open.getAttribute('href')).toBe('/research/k7');
    expect(within(card()).queryByRole('button', { name: 'Create this research page' })).toBeNull();
    expect(server.calls(CREATE)).toHaveLength(0);
  });

  it('a page of another draft does not count', async () => {
    fakeApi({ [PAGES]: () => json(200, { pages: [created('k8', 'a'.repeat(64))] }) });
    const { card } = renderDraft();
    expect(await within(card()).findByRole('button', { name: 'Create this research page' })).toBeTruthy();
    expect(within(card()).queryByRole('link', { name: /Open the page/ })).toBeNull();
  });

  it('says why when creating fails, and keeps Create with the focus on it', async () => {
    fakeApi({ [PAGES]: () => json(200, { pages: [] }), [CREATE]: () => json(500, { error: 'Something went wrong on our side.' }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { card, onCreate } = renderDraft();
    fireEvent.click(await within(card()).findByRole('button', { name: 'Create this research page' }));
    expect((await within(card()).findByRole('alert')).textContent).toBe('Something went wrong on our side.');
    await waitFor(() => expect(document.activeElement).toBe(within(card()).getByRole('button', { name: 'Create this research page' })));
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('is not shown while its input is invalid or incomplete', () => {
    render(
      <ol>
        <MessageRow
          message={answer([{ type: 'tool-draft_research_page', toolCallId: 'c3', state: 'input-streaming', input: { title: 'Half' } }])}
          me={ME}
          streaming
        />
      </ol>,
    );
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('the scale estimate in the memory', () => {
  it('shows each step with its source and the running total the product computes', () => {
    memoryPanel([ESTIMATE], []);
    const entry = screen.getByRole('listitem', { name: 'Scale estimate: Empty chairs in US clinics' });
    expect(entry.textContent).toContain('Top-down: 80,000 clinics');
    expect(entry.textContent).toContain('Bottom-up: 600 clinics a year');
    const steps = within(within(entry).getByRole('list', { name: 'Top-down steps' })).getAllByRole('listitem');
    expect(steps[0]!.textContent).toBe(' 200,000 dental clinics in the US (assumption)');
    expect(steps[1]!.textContent).toBe('× 0.4 book by phone (source) = 80,000');
    expect(within(steps[1]!).getByRole('link', { name: 'source' }).getAttribute('href')).toBe('https://news.ycombinator.com/item?id=1');
    expect(within(entry).getByRole('link', { name: 'Ask HN: cancelled slots' }).getAttribute('target')).toBe('_blank');
  });

  it('is accepted on the version shown, and says so once accepted', async () => {
    const { changes } = memoryPanel([ESTIMATE], [{ type: 'request_result', requestId: 'r', ok: false, reason: 'stale', error: 'stale', current: ESTIMATE }]);
    fireEvent.click(screen.getByRole('button', { name: 'Accept this estimate' }));
    expect(await screen.findByText('Someone changed this just now: read the new version before accepting it.')).toBeTruthy();
    expect(changes).toEqual([{ type: 'memory_accept', id: 'est', baseVersion: 2 }]);

    render(<MemoryPanel entries={[{ ...ESTIMATE, id: 'accepted', acceptedAt: AT }]} changeMemory={vi.fn()} />);
    expect(screen.getByText('Accepted: phase 2 is done.')).toBeTruthy();
  });

  it('asks before accepting an estimate that rests on assumptions only, and says so once accepted', async () => {
    const bare = { ...ESTIMATE, estimate: { ...(ESTIMATE as Extract<MemoryEntry, { kind: 'scale_estimate' }>).estimate, evidence: [] } } as MemoryEntry;
    const { changes } = memoryPanel([bare], [{ type: 'request_result', requestId: 'r', ok: true, value: { ...bare, acceptedAt: AT } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Accept this estimate' }));
    const confirm = screen.getByRole('group', { name: 'Accept an estimate built on assumptions?' });
    expect(confirm.textContent).toContain('No discussion backs this estimate.');
    expect(changes).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Not yet' }));
    expect(changes).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Accept this estimate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept on assumptions' }));
    await waitFor(() => expect(changes).toEqual([{ type: 'memory_accept', id: 'est', baseVersion: 2 }]));

    render(<MemoryPanel entries={[{ ...bare, id: 'accepted', acceptedAt: AT }]} changeMemory={vi.fn()} />);
    expect(screen.getByText('Accepted on assumptions: phase 2 is done. No discussion backs this estimate.')).toBeTruthy();
  });

  it('adds a money line computed like the sizings, and shows it', async () => {
    const { changes } = memoryPanel([ESTIMATE], [{ type: 'request_result', requestId: 'r', ok: true, value: { ...ESTIMATE, version: 3 } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Empty chairs in US clinics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a money line: what the problem costs, or the revenue at stake' }));
    const first = screen.getByRole('group', { name: 'Money at stake, step 1' });
    fireEvent.change(within(first).getByLabelText('Value'), { target: { value: '80000' } });
    fireEvent.change(within(first).getByLabelText('What it counts'), { target: { value: 'clinics with empty chairs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a step to money at stake' }));
    const second = screen.getByRole('group', { name: 'Money at stake, step 2' });
    fireEvent.change(within(second).getByLabelText('Value'), { target: { value: '1500' } });
    fireEvent.change(within(second).getByLabelText('What it counts'), { target: { value: 'USD lost per clinic a year' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    const change = changes[0] as Extract<Change, { type: 'memory_update' }>;
    if (change.content.kind !== 'scale_estimate') throw new Error('expected an estimate');
    expect(change.content.estimate.money).toEqual({
      unit: 'USD per year',
      steps: [
        { operation: 'start', value: 80000, label: 'clinics with empty chairs', source: 'assumption' },
        { operation: 'multiply', value: 1500, label: 'USD lost per clinic a year', source: 'assumption' },
      ],
    });

    render(
      <MemoryPanel
        entries={[
          {
            ...ESTIMATE,
            id: 'm',
            estimate: { ...(ESTIMATE as Extract<MemoryEntry, { kind: 'scale_estimate' }>).estimate, money: change.content.estimate.money },
          } as MemoryEntry,
        ]}
        changeMemory={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('listitem', { name: 'Scale estimate: Empty chairs in US clinics' }).at(-1)!.textContent).toContain(
      'Money at stake: 120,000,000 USD per year',
    );
  });

  it('labels every field of a step, visibly', () => {
    memoryPanel([ESTIMATE], []);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Empty chairs in US clinics' }));
    const step = screen.getByRole('group', { name: 'Top-down, step 2' });
    for (const label of ['Then', 'Value', 'What it counts', "Source: a link the co-founder found, its name in words, or 'assumption'"])
      expect(within(step).getByText(label).tagName).toBe('LABEL');
    expect(screen.getByRole('button', { name: 'Add a step to top-down' })).toBeTruthy();
  });

  it('is edited step by step, with numbers checked before anything is sent', async () => {
    const { changes } = memoryPanel([ESTIMATE], [{ type: 'request_result', requestId: 'r', ok: true, value: { ...ESTIMATE, version: 3 } }]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Empty chairs in US clinics' }));
    const step = screen.getByRole('group', { name: 'Top-down, step 2' });
    fireEvent.change(within(step).getByLabelText('Value'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Top-down, step 2: number: /);
    expect(changes).toEqual([]);

    fireEvent.change(within(step).getByLabelText('Value'), { target: { value: '0.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ask HN: cancelled slots' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    const change = changes[0] as Extract<Change, { type: 'memory_update' }>;
    expect(change).toMatchObject({ type: 'memory_update', id: 'est', baseVersion: 2 });
    if (change.content.kind !== 'scale_estimate') throw new Error('expected an estimate');
    expect(change.content.estimate.topDown.steps[1]).toEqual({
      operation: 'multiply',
      value: 0.25,
      label: 'book by phone',
      source: 'https://news.ycombinator.com/item?id=1',
    });
    expect(change.content.estimate.evidence).toEqual([]);
  });
});
