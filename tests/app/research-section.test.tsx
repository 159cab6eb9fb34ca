import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { NotificationsProvider } from '../../app/components/Notifications';
import { ResearchSection } from '../../app/pages/app/ResearchSection';
import { Component as ResearchResponses } from '../../app/pages/app/ResearchResponses';
import { fakeApi, json } from './fake-api';

/** The dashboard's research section of project p1. */
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

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the research page editor', () => {
  it('takes an introduction and an e-mail question the founder makes required', async () => {
    const server = fakeApi({
      'GET /api/research/projects/p1/pages': () => json(200, { pages: [] }),
      'POST /api/research/projects/p1/pages': () => json(201, { page: { url_key: 'k1', title: 'Bakers' } }),
    });
    renderSection(null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New research page' }));
    await user.type(screen.getByLabelText('Title'), 'Bakers');
    await user.type(screen.getByLabelText('Introduction (optional)'), 'We bake too. Two minutes, promise.');
    await user.type(screen.getByLabelText('Question 1 text'), 'May we write to you?');
    await user.selectOptions(screen.getByLabelText('Question 1 type'), 'E-mail address');
    const required = screen.getByRole('checkbox', { name: 'Question 1: respondents must give an address' });
    expect((required as HTMLInputElement).checked).toBe(false);
    await user.click(required);
    await user.click(screen.getByRole('button', { name: 'Create research page' }));
    await screen.findByText('Research page created.');
    expect(server.calls('POST /api/research/projects/p1/pages')[0]!.body).toEqual({
      title: 'Bakers',
      introduction: 'We bake too. Two minutes, promise.',
      max_responses: null,
      questions: [{ text: 'May we write to you?', type: 'email', config: { required: true } }],
    });
  });

  it('an optional e-mail question is sent as optional, never as a Yes/No choice', async () => {
    const server = fakeApi({
      'GET /api/research/projects/p1/pages': () => json(200, { pages: [] }),
      'POST /api/research/projects/p1/pages': () => json(201, { page: { url_key: 'k1', title: 'Bakers' } }),
    });
    renderSection(null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New research page' }));
    await user.type(screen.getByLabelText('Title'), 'Bakers');
    await user.type(screen.getByLabelText('Question 1 text'), 'Your e-mail, if you want the results');
    await user.selectOptions(screen.getByLabelText('Question 1 type'), 'E-mail address');
    await user.click(screen.getByRole('button', { name: 'Create research page' }));
    await screen.findByText('Research page created.');
    expect(server.calls('POST /api/research/projects/p1/pages')[0]!.body).toMatchObject({
      questions: [{ text: 'Your e-mail, if you want the results', type: 'email', config: { required: false } }],
    });
  });

  it('the editor stays closed until the founder asks for a new page', async () => {
    fakeApi({ 'GET /api/research/projects/p1/pages': () => json(200, { pages: [] }) });
    renderSection(null);
    expect(await screen.findByText('No research pages yet.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'New research page' })).toBeNull();
  });
});

describe('the responses view', () => {
  const report = (surveyswapId: string | null) => ({
    page: {
      url_key: 'k2',
      title: 'Interviews',
      max_responses: 1,
      closed: false,
      status: 'full',
      questions: [
        {
          sequence: 1,
          text: 'Which?',
          type: 'multiple_choice',
          options: ['A very long option label that must be shown whole, never cut off with an ellipsis', 'B'],
          config: null,
        },
      ],
    },
    responses: [{ id: 1, answers: [{ sequence: 1, question: 'Which?', response: 'B' }], surveyswap_id: surveyswapId, created_at: 0 }],
    summaries: [
      {
        sequence: 1,
        text: 'Which?',
        type: 'multiple_choice',
        answered: 1,
        empty: 0,
        counts: [
          { value: 'A very long option label that must be shown whole, never cut off with an ellipsis', count: 0, percent: 0 },
          { value: 'B', count: 1, percent: 100 },
        ],
        average: null,
      },
    ],
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
