import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { ResearchPageInput } from '#contracts/research';
import { NotificationsProvider } from '../../app/components/Notifications';
import { ResearchSection } from '../../app/pages/app/ResearchSection';
import { Component as ResearchResponses } from '../../app/pages/app/ResearchResponses';
import { fakeApi, json } from './fake-api';

/** The dashboard's research section opened with a draft in the location state, as the workspace hands it over. */
function renderSection(state: unknown) {
  const router = createMemoryRouter(
    [
      {
        Component: () => (
          <NotificationsProvider>
            <Outlet />
          </NotificationsProvider>
        ),
        children: [{ path: '/dashboard', Component: () => <ResearchSection projectId="p1" /> }],
      },
    ],
    { initialEntries: [{ pathname: '/dashboard', search: '?projectId=p1', state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const DRAFT: ResearchPageInput = {
  title: 'Do bakers lose orders?',
  questions: [
    { text: 'How do you take orders today?', type: 'multiple_choice', options: ['Phone', 'Walk-in', 'Online'] },
    { text: 'What goes wrong most often?', type: 'text' },
  ],
  max_responses: 40,
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the co-founder's drafted research page", () => {
  it('opens the editor pre-filled for review, and saving creates the page as usual', async () => {
    const server = fakeApi({
      'GET /api/research/projects/p1/pages': () => json(200, { pages: [] }),
      'POST /api/research/projects/p1/pages': () => json(201, { page: { url_key: 'k1', title: DRAFT.title } }),
    });
    const router = renderSection({ researchDraft: DRAFT });
    expect(await screen.findByRole('heading', { name: 'New research page' })).toBeTruthy();
    expect(screen.getByText(/The co-founder drafted this page/)).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(DRAFT.title);
    expect((screen.getByLabelText('Response limit (optional)') as HTMLInputElement).value).toBe('40');
    expect((screen.getByLabelText('Question 1 options') as HTMLTextAreaElement).value).toBe('Phone\nWalk-in\nOnline');
    expect((screen.getByLabelText('Question 2 text') as HTMLInputElement).value).toBe('What goes wrong most often?');
    // Taken once: the location state is cleared, so a reload does not open it again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.search).toBe('?projectId=p1');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Create research page' }));
    await screen.findByText('Research page created.');
    const created = server.requests.find((request) => request.method === 'POST');
    expect(created!.body).toEqual(DRAFT);
  });

  it('a draft that breaks the contract opens an empty editor with a message', async () => {
    fakeApi({ 'GET /api/research/projects/p1/pages': () => json(200, { pages: [] }) });
    renderSection({ researchDraft: { title: 'Bad', questions: [{ text: 'Pick', type: 'multiple_choice', options: ['Only one'] }] } });
    expect((await screen.findByRole('alert')).textContent).toBe("The co-founder's draft could not be opened, so the editor starts empty.");
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Question 1 text') as HTMLInputElement).value).toBe('');
  });

  it('without a draft the editor stays closed', async () => {
    fakeApi({ 'GET /api/research/projects/p1/pages': () => json(200, { pages: [] }) });
    renderSection(null);
    expect(await screen.findByText('No research pages yet.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'New research page' })).toBeNull();
  });
});

describe('the responses view', () => {
  const report = (surveyswapId: string | null) => ({
    page: { url_key: 'k2', title: 'Interviews', max_responses: 1, closed: false, status: 'full', questions: [{ sequence: 1, text: 'Which?', type: 'multiple_choice', options: ['A very long option label that must be shown whole, never cut off with an ellipsis', 'B'], config: null }] },
    responses: [{ id: 1, answers: [{ sequence: 1, question: 'Which?', response: 'B' }], surveyswap_id: surveyswapId, created_at: 0 }],
    summaries: [{ sequence: 1, text: 'Which?', type: 'multiple_choice', answered: 1, empty: 0, counts: [{ value: 'A very long option label that must be shown whole, never cut off with an ellipsis', count: 0, percent: 0 }, { value: 'B', count: 1, percent: 100 }], average: null }],
  });
  const open = (surveyswapId: string | null) => {
    fakeApi({ 'GET /api/research/pages/k2/responses': () => json(200, report(surveyswapId)) });
    const router = createMemoryRouter([{ path: '/research/:urlKey/responses', Component: ResearchResponses }], { initialEntries: ['/research/k2/responses'] });
    render(
      <NotificationsProvider>
        <RouterProvider router={router} />
      </NotificationsProvider>,
    );
  };

  it('badges a full page, shows percentages and whole labels, and no partner column without partner ids', async () => {
    open(null);
    await screen.findByText('Full');
    expect(screen.getByText('1 answered · 0 left empty')).toBeTruthy();
    const bar = screen.getByText('A very long option label that must be shown whole, never cut off with an ellipsis').closest('li')!;
    expect(bar.textContent).toBe('A very long option label that must be shown whole, never cut off with an ellipsis0 (0%)');
    expect(bar.nextElementSibling!.textContent).toBe('B1 (100%)');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Submitted', 'Which?']);
  });

  it('shows the partner column when a response has a partner id', async () => {
    open('partner-9');
    await screen.findByText('partner-9');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Submitted', 'Partner id', 'Which?']);
  });
});
