import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHASES } from '#contracts/phases/registry';
import { ExportDialog, fileNameOf } from '../../app/pages/app/workspace/ExportDialog';
import { deferred, fakeApi, json } from './fake-api';

const USER = { id: 'u1', email: 'ada@example.com', name: null, privacyMode: false, subscribed: true, plan: 'pro' as const };
const EXPORT = 'POST /api/project/p1/export';
const PRO = [1, 2, 3, 4, 5, 6, 7, 8];

function renderDialog(props: { unlocked?: number[]; isOwner?: boolean } = {}) {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <ExportDialog
        open
        onClose={onClose}
        projectId="p1"
        projectName="Clinic waitlist"
        unlocked={props.unlocked ?? PRO}
        isOwner={props.isOwner ?? true}
        user={USER}
      />
    </MemoryRouter>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Export the project' }), onClose };
}

/** The built phases, which the dialog offers and includes by default. */
const BUILT = PHASES.filter((phase) => phase.built).map((phase) => phase.number);

let saved: string[];
beforeEach(() => {
  // jsdom has no showModal(): the stand-in keeps the open attribute as browsers do (Chromium runs the real one, e2e).
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  vi.spyOn(console, 'error').mockImplementation(() => {});
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the export dialog', () => {
  it('on a Free project offers the owner Pro, and tells a member to ask the owner', () => {
    fakeApi();
    const { dialog } = renderDialog({ unlocked: [1, 2] });
    expect(within(dialog).getByText(/Export comes with Pro/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Get Pro' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('tells a member who is not the owner to ask the owner', () => {
    fakeApi();
    const { dialog } = renderDialog({ unlocked: [1, 2], isOwner: false });
    expect(within(dialog).getByText("Ask the project's owner to get Pro; everything written here stays as it is.")).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Get Pro' })).toBeNull();
  });

  it('sends the chosen phases, canvas and format, stays busy while the file is made, and saves it under the name the server gave', async () => {
    const answer = deferred();
    const server = fakeApi({ [EXPORT]: () => answer.promise });
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '3. Research competitors and gaps' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'The canvas, as a picture' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Word (.docx)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    const busy = await within(dialog).findByRole('button', { name: /Preparing the file/ });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(server.requests.find((request) => request.path === '/api/project/p1/export')?.body).toEqual({
      format: 'docx',
      phases: BUILT.filter((number) => number !== 3),
      includeCanvas: false,
    });

    answer.release(
      new Response('PK', {
        status: 200,
        headers: { 'Content-Disposition': `attachment; filename="Clinic waitlist _.docx"; filename*=UTF-8''${encodeURIComponent('Clinic waitlist ș.docx')}` },
      }),
    );
    expect(await within(dialog).findByText('Downloaded Clinic waitlist ș.docx.')).toBeTruthy();
    expect(saved).toEqual(['Clinic waitlist ș.docx']);
  });

  it('asks for a phase before sending, and shows a refusal of the server as it said it', async () => {
    const server = fakeApi({
      [EXPORT]: () => json(429, { error: 'You have exported 20 times in the last hour. Please try again in 12 minutes.' }, { 'Retry-After': '700' }),
    });
    const { dialog } = renderDialog();
    for (const phase of PHASES.filter((candidate) => candidate.built)) {
      fireEvent.click(within(dialog).getByRole('checkbox', { name: `${phase.number}. ${phase.title}` }));
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose at least one phase to include.');
    expect(server.requests.filter((request) => request.path.endsWith('/export'))).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: '1. Find an idea' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('You have exported 20 times in the last hour. Please try again in 12 minutes.'),
    );
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('turns to Get Pro when the server says the project is no longer Pro', async () => {
    fakeApi({ [EXPORT]: () => json(403, { error: "Export comes with Pro: the project's owner can get Pro to export it.", upgrade: '/pricing' }) });
    const { dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('button', { name: 'Get Pro' })).toBeTruthy();
  });
});

describe('the file name', () => {
  it('prefers the full name, and falls back to the plain one', () => {
    expect(fileNameOf(`attachment; filename="a_.md"; filename*=UTF-8''${encodeURIComponent('a ț.md')}`)).toBe('a ț.md');
    expect(fileNameOf('attachment; filename="plain.pdf"')).toBe('plain.pdf');
    expect(fileNameOf(`attachment; filename="x.md"; filename*=UTF-8''%E0%A4%A`)).toBe('x.md');
    expect(fileNameOf(null)).toBeNull();
  });
});
