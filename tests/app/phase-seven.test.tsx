/**
 * Phase 7, 'Launch', in the workspace: the launch moment read in the member's own time zone and
 * as it was set; the checklist in its three parts, each item due a number of days from the launch
 * day, with a status any member moves (sent as the phase's frame, refused inline, followed live);
 * the four launch assets with their communities' limits; the editors, whose limits are said at the
 * field as they are typed and whose mistakes are never sent; the phase's tool calls.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TeamMember } from '#contracts/phases/build-plan';
import { CHECKLIST_STATUS_FRAME, type ChecklistItem, type LandingCopy, type LaunchPlan, type ProductHuntKit, type ShowHnPost } from '#contracts/phases/launch';
import type { MemoryEntry, WorkspaceMessage } from '#contracts/workspace';
import { MemoryPanel } from '../../app/pages/app/workspace/MemoryPanel';
import { MessageRow } from '../../app/pages/app/workspace/MessageRow';
import { LandingCopyView, LaunchEmailView, ProductHuntKitView, ShowHnPostView } from '../../app/pages/app/workspace/phases/launch/AssetViews';
import { LaunchPlanView } from '../../app/pages/app/workspace/phases/launch/LaunchPlanView';
import { relativeDay } from '../../app/pages/app/workspace/phases/launch/moment';
import type { MemoryResult } from '../../app/pages/app/workspace/use-workspace';

const AT = Date.UTC(2026, 10, 26, 9, 30);
const ADA = { userId: 'u1', name: 'Ada' };
const GRACE = { userId: 'u2', name: 'Grace' };
const TEAM: TeamMember[] = [ADA, GRACE, { userId: 'u3', name: 'Linus' }];
const meta = { version: 2, author: { kind: 'cofounder' }, updatedAt: AT } as const;
type Entry<Kind extends MemoryEntry['kind']> = Extract<MemoryEntry, { kind: Kind }>;

const item = (id: string, title: string, part: ChecklistItem['part'], offsetDays: number, rest: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id,
  title,
  part,
  offsetDays,
  owner: null,
  status: 'todo',
  ...rest,
});

const LAUNCH: LaunchPlan = {
  moment: { date: '2026-12-01', time: '00:01', timeZone: 'America/Los_Angeles' },
  channels: [
    { name: 'Product Hunt', why: 'Clinic managers read it on Tuesdays.', source: 'Persona: Sam Rivera' },
    { name: 'Indie Hackers', why: 'Founders of small clinics post there.', source: 'assumption' },
  ],
  checklist: [
    item('hunters', 'Line up hunters', 'before', -7, { owner: ADA }),
    item('comment', 'Write the maker comment', 'before', -3, { status: 'doing' }),
    item('post', 'Post on Product Hunt', 'day', 0, { owner: GRACE }),
    item('thanks', 'Send the thank-you e-mail', 'after', 2, { status: 'done' }),
  ],
};

const planEntry = (launch: LaunchPlan = LAUNCH, rest: Partial<MemoryEntry> = {}) =>
  ({ ...meta, id: 'launch1', kind: 'launch_plan', title: 'Clinic launch', launch, ...rest }) as Entry<'launch_plan'>;

const COPY: LandingCopy = {
  headline: 'Refill cancelled slots within the hour',
  subhead: 'Text your waiting list the moment a patient cancels.',
  benefits: [
    { text: 'No more empty chairs on Monday mornings', source: 'Persona: Sam Rivera' },
    { text: 'Patients get seen sooner', source: 'Persona: Dr. Lee' },
    { text: 'Set up in ten minutes', source: 'assumption' },
  ],
  callToAction: 'Join the waiting list',
  faq: [{ question: 'Does it work with my calendar?', answer: 'Google and Outlook, for now.' }],
};
const KIT: ProductHuntKit = {
  name: 'Refill',
  tagline: 'Fill cancelled clinic slots by text, within the hour',
  description: 'Refill texts your waiting list when a patient cancels, and books the first to answer.',
  makerComment: 'We built this after watching a clinic lose 12 slots in a week.',
  galleryIdeas: ['The text a patient receives', 'The calendar filling up'],
};
const POST: ShowHnPost = {
  title: 'Show HN: Refill – fill cancelled clinic slots by text',
  whatItDoes: 'Texts the waiting list when a slot frees up.',
  why: 'Clinics lose hours to no-shows.',
  whatIsRough: 'Only Google Calendar works yet.',
};
const copyEntry = { ...meta, id: 'copy1', kind: 'landing_copy', title: 'Landing page', copy: COPY } as Entry<'landing_copy'>;
const kitEntry = { ...meta, id: 'kit1', kind: 'product_hunt_kit', title: 'Product Hunt', kit: KIT } as Entry<'product_hunt_kit'>;
const postEntry = { ...meta, id: 'post1', kind: 'show_hn_post', title: 'Show HN', post: POST } as Entry<'show_hn_post'>;
const emailEntry = {
  ...meta,
  id: 'email1',
  kind: 'launch_email',
  title: 'Launch e-mail',
  email: { subject: 'We are live on Product Hunt today', body: 'Hi,\n\nRefill is live.' },
} as Entry<'launch_email'>;

type Change = Parameters<Parameters<typeof MemoryPanel>[0]['changeMemory']>[0];
type Frame = { type: string; [key: string]: unknown };

function actions(...answers: (string | null)[]) {
  const frames: Frame[] = [];
  const onAction = vi.fn(async (frame: Frame) => {
    frames.push(frame);
    return answers.shift() ?? null;
  });
  return { frames, onAction };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the launch plan', () => {
  it("shows the moment in the member's own time zone first, as it was set, and when Product Hunt's day starts", () => {
    const { unmount } = render(<LaunchPlanView entry={planEntry()} timeZone="Asia/Tokyo" today="2026-11-28" />);
    const moment = section('Launch moment');
    expect(within(moment).getByText('Launch, in your time (Asia/Tokyo)').nextElementSibling!.textContent).toBe('Tue, Dec 1, 17:01');
    expect(moment.textContent).toContain('As set: Tue, Dec 1, 00:01 in America/Los_Angeles');
    expect(moment.textContent).toContain("Product Hunt's day starts at 00:00 Pacific (America/Los_Angeles)");
    unmount();

    // Another member, in London, reads the same moment in theirs.
    render(<LaunchPlanView entry={planEntry()} timeZone="Europe/London" today="2026-11-28" />);
    expect(within(section('Launch moment')).getByText('Launch, in your time (Europe/London)').nextElementSibling!.textContent).toBe('Tue, Dec 1, 08:01');
  });

  it("says where a moment set elsewhere falls in Product Hunt's day, and nothing of it when Product Hunt is not a channel", () => {
    const berlin = { ...LAUNCH, moment: { date: '2026-12-01', time: '09:00', timeZone: 'Europe/Berlin' } };
    const { unmount } = render(<LaunchPlanView entry={planEntry(berlin)} timeZone="Europe/Berlin" today="2026-11-28" />);
    expect(section('Launch moment').textContent).toContain('This one is Tue, Dec 1, 00:00 Pacific.');
    unmount();
    render(<LaunchPlanView entry={planEntry({ ...berlin, channels: [LAUNCH.channels[1]!] })} timeZone="Europe/Berlin" today="2026-11-28" />);
    expect(section('Launch moment').textContent).not.toContain('Product Hunt');
  });

  it('lists the channels with why and where each was chosen from, and the checklist in its three parts with due days', () => {
    render(<LaunchPlanView entry={planEntry()} timeZone="America/Los_Angeles" today="2026-11-28" />);
    const channels = within(section('Channels')).getAllByRole('listitem');
    expect(channels.map((row) => row.textContent)).toEqual([
      'Product HuntClinic managers read it on Tuesdays.From Persona: Sam Rivera',
      'Indie HackersFounders of small clinics post there.Assumption',
    ]);
    const before = section('Before the launch');
    expect(within(before).getByRole('heading').textContent).toBe('Before the launch · 0 of 2 done');
    expect(within(before).getByText('Line up hunters').nextElementSibling!.textContent).toBe('Due Tue, Nov 24 (4 days late) · Ada');
    expect(within(before).getByText('Write the maker comment').nextElementSibling!.textContent).toBe('Due Sat, Nov 28 (today) · No owner yet');
    expect(within(section('On the day')).getByText('Post on Product Hunt').nextElementSibling!.textContent).toBe('Due Tue, Dec 1 (in 3 days) · Grace');
    // Done: no longer counted against today.
    const after = section('After the launch');
    expect(within(after).getByRole('heading').textContent).toBe('After the launch · 1 of 1 done');
    expect(within(after).getByText('Send the thank-you e-mail').nextElementSibling!.textContent).toBe('Due Thu, Dec 3 · No owner yet');
    // Read without a way to act: statuses are text.
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('says how far a day is from today', () => {
    expect(relativeDay('2026-12-01', '2026-11-28')).toBe('in 3 days');
    expect(relativeDay('2026-11-29', '2026-11-28')).toBe('tomorrow');
    expect(relativeDay('2026-11-27', '2026-11-28')).toBe('1 day late');
    expect(relativeDay('2026-11-26', '2026-11-28')).toBe('2 days late');
  });

  it("sends an item's status as the phase's frame, named by its title, and shows a refusal under it", async () => {
    const { frames, onAction } = actions(null, 'Only members of this project can move checklist items.');
    const { rerender } = render(<LaunchPlanView entry={planEntry()} onAction={onAction} timeZone="UTC" today="2026-11-28" />);
    const status = screen.getByRole('combobox', { name: 'Status of Line up hunters' }) as unknown as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual(['To do', 'Doing', 'Done']);
    fireEvent.change(status, { target: { value: 'doing' } });
    expect(frames).toEqual([{ type: CHECKLIST_STATUS_FRAME, itemId: 'hunters', status: 'doing' }]);
    expect(status.value).toBe('doing');
    await act(async () => {});
    const moved = { ...LAUNCH, checklist: LAUNCH.checklist.map((one) => (one.id === 'hunters' ? { ...one, status: 'doing' as const } : one)) };
    rerender(<LaunchPlanView entry={planEntry(moved, { version: 3 })} onAction={onAction} timeZone="UTC" today="2026-11-28" />);
    expect(status.value).toBe('doing');

    fireEvent.change(status, { target: { value: 'done' } });
    expect(frames.at(-1)).toEqual({ type: CHECKLIST_STATUS_FRAME, itemId: 'hunters', status: 'done' });
    expect((await within(status.parentElement!).findByRole('alert')).textContent).toBe('Only members of this project can move checklist items.');
    expect(status.value).toBe('doing');
  });

  it('follows statuses moved by other members, as the shared state brings them', () => {
    const { onAction } = actions();
    const { rerender } = render(<LaunchPlanView entry={planEntry()} onAction={onAction} timeZone="UTC" today="2026-11-28" />);
    const status = screen.getByRole('combobox', { name: 'Status of Post on Product Hunt' }) as unknown as HTMLSelectElement;
    expect(status.value).toBe('todo');
    const moved = { ...LAUNCH, checklist: LAUNCH.checklist.map((one) => (one.id === 'post' ? { ...one, status: 'done' as const } : one)) };
    rerender(<LaunchPlanView entry={planEntry(moved, { version: 3 })} onAction={onAction} timeZone="UTC" today="2026-11-28" />);
    expect(status.value).toBe('done');
    expect(within(section('On the day')).getByRole('heading').textContent).toBe('On the day · 1 of 1 done');
    expect(onAction).not.toHaveBeenCalled();
  });

  it('is accepted with its own button, which completes phase 7, and reaches the memory panel with its status controls', async () => {
    const onAccept = vi.fn(async () => null);
    const { unmount } = render(<LaunchPlanView entry={planEntry()} onAccept={onAccept} />);
    expect(screen.getByText(/Accepting the launch plan completes phase 7/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the launch plan' }));
    await waitFor(() => expect(onAccept).toHaveBeenCalledTimes(1));
    unmount();

    const { onAction } = actions();
    render(<MemoryPanel entries={[planEntry(LAUNCH, { acceptedAt: AT })]} changeMemory={vi.fn()} workspace={{ teamMembers: TEAM, onAction }} />);
    expect(screen.getByText('Accepted: phase 7 is done.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status of Write the maker comment' }), { target: { value: 'done' } });
    expect(onAction).toHaveBeenCalledWith({ type: CHECKLIST_STATUS_FRAME, itemId: 'comment', status: 'done' });
  });
});

describe('the launch assets', () => {
  it('show the landing copy: headline, subhead, three benefits with whose words each uses, the call to action and the FAQ', async () => {
    const onAccept = vi.fn(async () => null);
    render(<LandingCopyView entry={copyEntry} onAccept={onAccept} />);
    expect(screen.getByText('Refill cancelled slots within the hour')).toBeTruthy();
    expect(screen.getByText('Text your waiting list the moment a patient cancels.')).toBeTruthy();
    const benefits = within(screen.getByText('Benefits').nextElementSibling as HTMLElement).getAllByRole('listitem');
    expect(benefits.map((row) => row.textContent)).toEqual([
      'No more empty chairs on Monday morningsIn the words of Persona: Sam Rivera',
      'Patients get seen soonerIn the words of Persona: Dr. Lee',
      'Set up in ten minutesAssumption: no one said it yet',
    ]);
    expect(screen.getByText('Call to action').nextElementSibling!.textContent).toBe('Join the waiting list');
    expect(screen.getByText('Does it work with my calendar?').nextElementSibling!.textContent).toBe('Google and Outlook, for now.');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the landing copy' }));
    await waitFor(() => expect(onAccept).toHaveBeenCalledTimes(1));
  });

  it("show the Product Hunt kit with Product Hunt's limits counted", () => {
    render(<ProductHuntKitView entry={kitEntry} />);
    expect(screen.getByText('Tagline').textContent).toBe(`Tagline ${KIT.tagline.length}/60`);
    expect(screen.getByText('Tagline').nextElementSibling!.textContent).toBe(KIT.tagline);
    expect(screen.getByText('Description').textContent).toBe(`Description ${KIT.description.length}/260`);
    expect(screen.getByText("The maker's first comment").nextElementSibling!.textContent).toBe(KIT.makerComment);
    expect(within(screen.getByText('Gallery ideas').nextElementSibling as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
  });

  it('show the Show HN post and the launch e-mail', () => {
    const { unmount } = render(<ShowHnPostView entry={postEntry} />);
    expect(screen.getByText('Title').nextElementSibling!.textContent).toBe(POST.title);
    expect(screen.getByText('What it does').nextElementSibling!.textContent).toBe(POST.whatItDoes);
    expect(screen.getByText('Why').nextElementSibling!.textContent).toBe(POST.why);
    expect(screen.getByText('What is rough').nextElementSibling!.textContent).toBe(POST.whatIsRough);
    unmount();
    render(<LaunchEmailView entry={emailEntry} />);
    expect(screen.getByText('Subject').nextElementSibling!.textContent).toBe('We are live on Product Hunt today');
    expect(screen.getByText('Body').nextElementSibling!.textContent).toBe('Hi,\n\nRefill is live.');
  });
});

const saved: MemoryResult = { type: 'request_result', requestId: 'r', ok: true, value: null };

function editing(entry: MemoryEntry, teamMembers: TeamMember[] = TEAM) {
  const changes: Change[] = [];
  const changeMemory = vi.fn(async (change: Change) => {
    changes.push(change);
    return saved;
  });
  render(<MemoryPanel entries={[entry]} changeMemory={changeMemory} workspace={{ teamMembers }} />);
  fireEvent.click(screen.getByRole('button', { name: `Edit ${entry.title}` }));
  const form = screen.getByRole('form', { name: `Edit ${entry.title}` });
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  const said = (label: string) => {
    const id = field(label).getAttribute('aria-describedby');
    return id ? document.getElementById(id)!.textContent : null;
  };
  return { changes, form, field, type, save, said };
}

const updated = (changes: Change[]) => {
  const change = changes.at(-1);
  if (change?.type !== 'memory_update') throw new Error('No update was sent');
  return change;
};

describe('editing the launch plan', () => {
  it('edits the moment, the channels and the checklist in fields, owners among the members, and saves the plan', async () => {
    const { changes, form, field, type, save } = editing(planEntry());
    expect(within(form).queryByText(/"moment"/)).toBeNull();
    expect(field('Launch date').type).toBe('date');
    expect(field('Launch time').type).toBe('time');
    expect([...(field('Time zone') as unknown as HTMLSelectElement).options].map((option) => option.value)).toContain('America/Los_Angeles');
    const owner = field('Item 2, owner') as unknown as HTMLSelectElement;
    expect([...owner.options].map((option) => option.textContent)).toEqual(['No owner yet', 'Ada', 'Grace', 'Linus']);
    fireEvent.change(owner, { target: { value: 'u3' } });
    type('Launch time', '00:05');
    fireEvent.change(field('Time zone'), { target: { value: 'Europe/London' } });
    type('Channel 2, why', 'Small clinic owners ask there.');
    fireEvent.change(field('Item 4, status'), { target: { value: 'doing' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add an item' }));
    type('Item 5', 'Answer every comment');
    fireEvent.change(field('Item 5, when'), { target: { value: 'day' } });
    expect(field('Item 5, days from the launch').value).toBe('0');
    save();
    await waitFor(() => expect(changes).toHaveLength(1));
    const { launch } = updated(changes).content as { launch: LaunchPlan };
    expect(launch.moment).toEqual({ date: '2026-12-01', time: '00:05', timeZone: 'Europe/London' });
    expect(launch.channels[1]!.why).toBe('Small clinic owners ask there.');
    expect(launch.checklist[1]!.owner).toEqual({ userId: 'u3', name: 'Linus' });
    expect(launch.checklist[3]!.status).toBe('doing');
    expect(launch.checklist[4]).toEqual({ id: 'item-5', title: 'Answer every comment', part: 'day', offsetDays: 0, owner: null, status: 'todo' });
  });

  it('moves every due day as the launch date is moved', () => {
    const { type, said } = editing(planEntry());
    expect(said('Item 1, days from the launch')).toBe('Due Tue, Nov 24');
    expect(said('Item 4, days from the launch')).toBe('Due Thu, Dec 3');
    type('Launch date', '2026-12-08');
    expect(said('Item 1, days from the launch')).toBe('Due Tue, Dec 1');
    expect(said('Item 3, days from the launch')).toBe('Due Tue, Dec 8');
    expect(said('Item 4, days from the launch')).toBe('Due Thu, Dec 10');
    type('Item 1, days from the launch', '-10');
    expect(said('Item 1, days from the launch')).toBe('Due Sat, Nov 28');
  });

  it('says an item due on the wrong side of the launch day at its field, and saves nothing', async () => {
    const { changes, form, field, type, save, said } = editing(planEntry());
    type('Item 1, days from the launch', '3');
    expect(said('Item 1, days from the launch')).toBe('Before the launch: a negative number of days');
    expect(field('Item 1, days from the launch').getAttribute('aria-invalid')).toBe('true');
    save();
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Item 1, days from the launch: "Line up hunters" is before the launch: it is due before the launch day (a negative number of days)',
    );
    type('Item 1, days from the launch', '-1.5');
    expect(said('Item 1, days from the launch')).toBe('A whole number of days');
    expect(changes).toEqual([]);
  });

  it("shows each text's limit as it is typed", () => {
    const { type, said } = editing(planEntry());
    expect(said('Channel 1')).toBe('12 of 120 characters');
    type('Item 1', 'x'.repeat(161));
    expect(said('Item 1')).toBe('1 character too long: at most 160.');
  });
});

describe('editing the launch assets', () => {
  it('refuses a 61-character tagline at its field, names Product Hunt’s rule, and sends nothing', async () => {
    const { changes, form, field, type, save, said } = editing(kitEntry);
    expect(said('Tagline')).toBe(`${KIT.tagline.length} of 60 characters`);
    type('Tagline', 'x'.repeat(61));
    expect(said('Tagline')).toBe('1 character too long: Product Hunt allows at most 60.');
    expect(field('Tagline').getAttribute('aria-invalid')).toBe('true');
    save();
    expect((await within(form).findByRole('alert')).textContent).toBe('Tagline: Please keep it to 60 characters or fewer');
    expect(changes).toEqual([]);
    type('Tagline', 'x'.repeat(60));
    expect(said('Tagline')).toBe('60 of 60 characters');
    save();
    await waitFor(() => expect(changes).toHaveLength(1));
    expect((updated(changes).content as { kit: ProductHuntKit }).kit.tagline).toBe('x'.repeat(60));
  });

  it("says a Show HN title out of Hacker News's form, and saves nothing", async () => {
    const { changes, form, type, save, said } = editing(postEntry);
    type('Post title', 'Refill, for clinics');
    expect(said('Post title')).toBe('A Show HN title reads “Show HN: X – Y” (19 of 80 characters)');
    save();
    expect((await within(form).findByRole('alert')).textContent).toBe('Post title: A Show HN title reads "Show HN: X – Y"');
    expect(changes).toEqual([]);
  });

  it('edits the landing copy’s benefits and whose words they use, and the FAQ', async () => {
    const { changes, form, type, save, said } = editing(copyEntry);
    expect(said('Call to action')).toBe('21 of 40 characters');
    type('Benefit 3, whose words', 'Persona: Sam Rivera');
    fireEvent.click(within(form).getByRole('button', { name: 'Add a question' }));
    type('Question 2', 'What does it cost?');
    type('Question 2, answer', 'Nothing while in beta.');
    save();
    await waitFor(() => expect(changes).toHaveLength(1));
    const { copy } = updated(changes).content as { copy: LandingCopy };
    expect(copy.benefits[2]).toEqual({ text: 'Set up in ten minutes', source: 'Persona: Sam Rivera' });
    expect(copy.faq[1]).toEqual({ question: 'What does it cost?', answer: 'Nothing while in beta.' });
  });

  it('names the launch e-mail’s field a mistake is about', async () => {
    const { changes, form, type, save } = editing(emailEntry);
    type('Subject', ' ');
    save();
    expect((await within(form).findByRole('alert')).textContent).toMatch(/^Subject: /);
    expect(changes).toEqual([]);
  });
});

const answer = (parts: WorkspaceMessage['parts']): WorkspaceMessage => ({
  id: 'a1',
  role: 'assistant',
  parts,
  metadata: { author: { kind: 'cofounder' }, createdAt: AT, status: 'complete' },
});

describe("the phase's tool calls in the conversation", () => {
  it('say what was saved, and why a call failed', () => {
    render(
      <ol>
        <MessageRow
          message={answer([
            { type: 'tool-save_launch_plan', toolCallId: 'c1', state: 'output-available', input: { title: 'Clinic launch' }, output: {} },
            { type: 'tool-save_landing_copy', toolCallId: 'c2', state: 'output-available', input: { title: 'Landing page' }, output: {} },
            { type: 'tool-save_product_hunt_kit', toolCallId: 'c3', state: 'output-available', input: { title: 'Product Hunt' }, output: {} },
            { type: 'tool-save_show_hn_post', toolCallId: 'c4', state: 'output-available', input: { title: 'Show HN' }, output: {} },
            { type: 'tool-save_launch_email', toolCallId: 'c5', state: 'output-available', input: { title: 'Launch e-mail' }, output: {} },
            { type: 'tool-save_product_hunt_kit', toolCallId: 'c6', state: 'output-error', input: { title: 'Product Hunt' }, errorText: 'refused' },
            { type: 'tool-save_show_hn_post', toolCallId: 'c7', state: 'output-error', input: {}, errorText: 'refused' },
            { type: 'tool-save_launch_plan', toolCallId: 'c8', state: 'output-error', input: {}, errorText: 'refused' },
          ])}
          me={ADA}
          streaming={false}
        />
      </ol>,
    );
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('Saved the launch plan: Clinic launch');
    expect(row.textContent).toContain('Saved the landing page copy: Landing page');
    expect(row.textContent).toContain('Saved the Product Hunt kit: Product Hunt');
    expect(row.textContent).toContain('Saved the Show HN post: Show HN');
    expect(row.textContent).toContain('Saved the launch e-mail: Launch e-mail');
    expect(row.textContent).toContain('The Product Hunt kit was refused: the tagline is over 60 characters or the description over 260.');
    expect(row.textContent).toContain('The Show HN post was refused: its title is over 80 characters or does not read “Show HN: X – Y”.');
    expect(row.textContent).toContain('The launch plan was refused: a checklist item was due on the wrong side of the launch day');
  });

  it('name the figures of a saved asset that no artifact of the memory states', () => {
    render(
      <ol>
        <MessageRow
          message={answer([
            {
              type: 'tool-save_landing_copy',
              toolCallId: 'c1',
              state: 'output-available',
              input: { title: 'Landing page' },
              output: { saved: { id: 'copy1', version: 1 }, unsupported: ['5 hours a week', '30%'], next: '…' },
            },
            {
              type: 'tool-save_launch_email',
              toolCallId: 'c2',
              state: 'output-available',
              input: { title: 'Launch e-mail' },
              output: { saved: { id: 'email1', version: 1 }, unsupported: [], next: '…' },
            },
          ])}
          me={ADA}
          streaming={false}
        />
      </ol>,
    );
    const notes = [...screen.getByRole('listitem').querySelectorAll('.message__tool-note')].map((note) => note.textContent);
    expect(notes).toEqual([
      'Saved the landing page copy: Landing page',
      'No artifact of the memory states “5 hours a week”, “30%”: back them with evidence or cut them.',
      'Saved the launch e-mail: Launch e-mail',
    ]);
  });
});
