import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ResearchPage } from '../../app/pages/research/ResearchPage';
import type { PublicQuestion } from '#contracts/research';
import { deferred, fakeApi, json } from './fake-api';
import { currentUrl, renderPage } from './render-page';

const QUESTIONS: PublicQuestion[] = [
  { sequence: 1, text: 'What slows you down?', type: 'text', options: null, config: null },
  { sequence: 2, text: 'How do you sell?', type: 'multiple_choice', options: ['Online', 'In person'], config: null },
  { sequence: 3, text: 'Which tools?', type: 'checkbox', options: ['Email', 'CRM', 'Spreadsheets'], config: null },
  {
    sequence: 4,
    text: 'How painful is it?',
    type: 'rating',
    options: null,
    config: { min_rating: 1, max_rating: 5, labels: { '1': 'Not at all', '5': 'Very' } },
  },
  { sequence: 5, text: 'May we contact you?', type: 'email', options: null, config: { required: false } },
];

const INTRODUCTION = 'We are two former clinic managers.\nFive minutes of your time helps us a lot.';
const pageAnswer =
  (overrides: object = {}) =>
  () =>
    json(200, {
      research_page: {
        title: 'Customer interviews',
        introduction: INTRODUCTION,
        asker: { name: 'Maya Chen', project: 'Clinic reminders' },
        questions: QUESTIONS,
        has_reached_limit: false,
        ...overrides,
      },
    });

const routes = [{ path: '/research/:urlKey', Component: ResearchPage }];

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openForm(key = 'k1', routesOverride: NonNullable<Parameters<typeof fakeApi>[0]> = {}) {
  const server = fakeApi({ [`GET /api/research/${key}`]: pageAnswer(), ...routesOverride });
  const router = renderPage(routes, `/research/${key}`);
  await screen.findByRole('heading', { level: 2, name: 'Questions' });
  return { server, router, user: userEvent.setup() };
}

const card = (text: string) => screen.getByText(text, { exact: false }).closest('li')!;

describe('the research page', () => {
  it('shows a loading indicator first, then the form with one card per question', async () => {
    const answer = deferred();
    fakeApi({ 'GET /api/research/k0': () => answer.promise });
    renderPage(routes, '/research/k0');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    answer.release(pageAnswer()());
    expect(await screen.findByRole('heading', { level: 2, name: 'Questions' })).toBeTruthy();
    // The page's own title, the founder's introduction and who is asking.
    expect(screen.getByRole('heading', { level: 1, name: 'Customer interviews' })).toBeTruthy();
    expect(screen.getByText('Asked by Maya Chen, for Clinic reminders')).toBeTruthy();
    expect(screen.getByText(/We are two former clinic managers\.\s+Five minutes/).textContent).toBe(INTRODUCTION);
    expect(screen.getByRole('link', { name: 'Launchmate home' }).getAttribute('href')).toBe('/');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(within(card('What slows you down?')).getByRole('textbox')).toBeTruthy();
    expect(within(card('How do you sell?')).getAllByRole('radio')).toHaveLength(2);
    expect(within(card('Which tools?')).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(card('How painful is it?')).getByRole('radio', { name: '1, Not at all' })).toBeTruthy();
    expect(within(card('How painful is it?')).getByText('Very')).toBeTruthy();
    // The e-mail question is an e-mail field, not a Yes/No choice.
    expect(within(card('May we contact you?')).queryByRole('radio')).toBeNull();
    expect(
      within(card('May we contact you?'))
        .getByRole('textbox', { name: /May we contact you\?\s*\(optional\)/ })
        .getAttribute('type'),
    ).toBe('email');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it("shows 'Research page not found' for an unknown key, and when loading fails (logged)", async () => {
    fakeApi({ 'GET /api/research/gone': () => json(404, { error: 'Research page not found' }) });
    renderPage(routes, '/research/gone');
    expect(await screen.findByRole('heading', { name: 'Research page not found' })).toBeTruthy();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('logs a failed load and shows not found', async () => {
    fakeApi({ 'GET /api/research/broken': () => json(503, { error: 'down' }) });
    renderPage(routes, '/research/broken');
    expect(await screen.findByRole('heading', { name: 'Research page not found' })).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('Loading the research page failed', expect.anything());
  });

  it("shows 'Response limit reached' with the spec's text when the page is full", async () => {
    fakeApi({ 'GET /api/research/full': pageAnswer({ has_reached_limit: true }) });
    renderPage(routes, '/research/full');
    expect(await screen.findByRole('heading', { name: 'Response limit reached' })).toBeTruthy();
    expect(screen.getByText(/has reached its maximum number of responses and is no longer accepting submissions/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});

describe('the email question', () => {
  const emailBox = () => within(card('May we contact you?')).getByRole('textbox') as HTMLInputElement;

  it('is an optional e-mail field: left empty, the rest is sent without it', async () => {
    const { user, server } = await openForm('k-optional', { 'POST /api/research/k-optional/submit': () => json(200, { success: true, redirect_to: null }) });
    expect(emailBox().required).toBe(false);
    expect(emailBox().getAttribute('autocomplete')).toBe('email');
    await user.click(within(card('How do you sell?')).getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    expect(server.calls('POST /api/research/k-optional/submit')[0]!.body).toMatchObject({ responses: [{ sequence: 2, response: 'Online' }] });
  });

  it('keeps a saved address across a reload', async () => {
    window.localStorage.setItem('launchmate.research.k-email', JSON.stringify({ answers: { 5: 'saved@example.com' }, surveyswapId: null }));
    await openForm('k-email');
    expect(emailBox().value).toBe('saved@example.com');
  });

  it('refuses an address that is not one at the field, on leaving it and on submit, and sends nothing', async () => {
    const { user, server } = await openForm('k-bad-email', { 'POST /api/research/k-bad-email/submit': () => json(200, { success: true, redirect_to: null }) });
    await user.type(emailBox(), 'not-an-address');
    await user.tab();
    const problem = 'Enter a valid e-mail address, like name@example.com, or leave it empty.';
    expect(within(card('May we contact you?')).getByText(problem)).toBeTruthy();
    expect(emailBox().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.activeElement).toBe(emailBox());
    expect(emailBox().getAttribute('aria-describedby')).toBe(within(card('May we contact you?')).getByText(problem).id);
    expect(server.calls('POST /api/research/k-bad-email/submit')).toHaveLength(0);
    // Fixed, the address is sent: consent given is never dropped.
    await user.clear(emailBox());
    await user.type(emailBox(), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    expect(server.calls('POST /api/research/k-bad-email/submit')[0]!.body).toMatchObject({ responses: [{ sequence: 5, response: 'me@example.com' }] });
  });

  it('when the founder requires it, an empty address is refused at the field even with other answers given', async () => {
    const required = QUESTIONS.map((question) => (question.type === 'email' ? { ...question, config: { required: true } } : question));
    const { user, server } = await openForm('k-required', {
      'GET /api/research/k-required': pageAnswer({ questions: required }),
      'POST /api/research/k-required/submit': () => json(200, { success: true, redirect_to: null }),
    });
    expect(within(card('May we contact you?')).getByRole('textbox', { name: /\(required\)/ })).toBeTruthy();
    expect(emailBox().required).toBe(true);
    await user.click(within(card('How do you sell?')).getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(card('May we contact you?')).getByText('Enter your e-mail address: this question is required.')).toBeTruthy();
    expect(document.activeElement).toBe(emailBox());
    expect(server.calls('POST /api/research/k-required/submit')).toHaveLength(0);
  });
});

describe('a respondent who already answered', () => {
  it('sees that on coming back, in this browser, instead of an empty form', async () => {
    const { user } = await openForm('k-again', { 'POST /api/research/k-again/submit': () => json(200, { success: true, redirect_to: null }) });
    await user.click(within(card('How do you sell?')).getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    cleanup();

    fakeApi({ 'GET /api/research/k-again': pageAnswer() });
    renderPage(routes, '/research/k-again');
    expect(await screen.findByRole('heading', { name: 'You already answered this page' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Customer interviews' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Questions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('another page of the same browser still shows its form', async () => {
    window.localStorage.setItem('launchmate.research.answered.k-other', String(Date.now()));
    await openForm('k-fresh');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });
});

describe('who is asking', () => {
  it.each([
    [{ name: 'Maya Chen', project: null }, 'Asked by Maya Chen'],
    [{ name: null, project: 'Clinic reminders' }, 'Asked by the team behind Clinic reminders'],
    [{ name: null, project: null }, 'Asked by a founder researching a problem'],
  ])('%o reads "%s"', async (asker, text) => {
    await openForm(`k-asker-${text.length}`, { [`GET /api/research/k-asker-${text.length}`]: pageAnswer({ asker, introduction: '' }) });
    expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('submitting', () => {
  it('with nothing answered shows the spec message and sends nothing', async () => {
    const { user, server } = await openForm('k-empty');
    // Blank text and a cleared checkbox count as unanswered.
    await user.type(within(card('What slows you down?')).getByRole('textbox'), '   ');
    const email = within(card('Which tools?')).getByRole('checkbox', { name: 'Email' });
    await user.click(email);
    await user.click(email);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('You must fill in at least one response before submitting.');
    expect(server.calls('POST /api/research/k-empty/submit')).toHaveLength(0);
  });

  it('sends only answered questions in their shapes, with the honeypot as is; then thanks and clears the answers', async () => {
    const { user, server } = await openForm('k-ok', { 'POST /api/research/k-ok/submit': () => json(200, { success: true, redirect_to: null }) });
    await user.type(within(card('What slows you down?')).getByRole('textbox'), '  Invoices ');
    await user.click(within(card('Which tools?')).getByRole('checkbox', { name: 'CRM' }));
    await user.click(within(card('Which tools?')).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(card('How painful is it?')).getByRole('radio', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeTruthy();
    expect(screen.getByText('Your responses have been successfully submitted')).toBeTruthy();
    const [sent] = server.calls('POST /api/research/k-ok/submit');
    expect(sent!.body).toEqual({
      responses: [
        { sequence: 1, question: 'What slows you down?', response: 'Invoices' },
        { sequence: 3, question: 'Which tools?', response: ['Email', 'CRM'] },
        { sequence: 4, question: 'How painful is it?', response: 4 },
      ],
      honeypot: '',
      surveyswap_id: null,
    });
    expect(window.localStorage.getItem('launchmate.research.k-ok')).toBeNull();
  });

  it('sends a filled honeypot unchanged', async () => {
    const { user, server } = await openForm('k-bot', { 'POST /api/research/k-bot/submit': () => json(200, { success: true, redirect_to: null }) });
    const phone = document.querySelector<HTMLInputElement>('input[name="phone"]')!;
    expect(phone.tabIndex).toBe(-1);
    expect(phone.getAttribute('autocomplete')).toBe('off');
    expect(phone.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.type(phone, '555 0100');
    await user.click(within(card('How do you sell?')).getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    expect(server.calls('POST /api/research/k-bot/submit')[0]!.body).toMatchObject({ honeypot: '555 0100' });
  });

  it("shows 'Failed to submit responses. Please try again.' on failure and keeps the answers", async () => {
    const { user } = await openForm('k-fail', { 'POST /api/research/k-fail/submit': () => json(500, { error: 'Something went wrong on our side.' }) });
    await user.click(within(card('How do you sell?')).getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to submit responses. Please try again.'));
    expect((within(card('How do you sell?')).getByRole('radio', { name: 'Online' }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows 'Response limit reached' when the server refuses for the limit", async () => {
    const { user } = await openForm('k-limit', {
      'POST /api/research/k-limit/submit': () => json(409, { error: 'Response limit reached', limit_reached: true }),
    });
    await user.click(within(card('How do you sell?')).getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Response limit reached' })).toBeTruthy();
  });

  it('tells respondents of a closed page that it is closed, not that it is missing', async () => {
    fakeApi({ 'GET /api/research/shut': () => json(410, { error: 'This research page is closed and no longer accepts responses.', closed: true }) });
    renderPage(routes, '/research/shut');
    expect(await screen.findByRole('heading', { name: 'This research page is closed' })).toBeTruthy();
    expect(screen.getByText('This research page is closed and no longer accepts responses.')).toBeTruthy();
    expect(screen.queryByText('Research page not found')).toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('shows the closed message when the page closes while the respondent answers', async () => {
    const { user } = await openForm('k-shut', {
      'POST /api/research/k-shut/submit': () => json(410, { error: 'This research page is closed and no longer accepts responses.', closed: true }),
    });
    await user.click(within(card('How do you sell?')).getByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'This research page is closed' })).toBeTruthy();
  });

  it('keeps unsent answers across a reload', async () => {
    const first = await openForm('k-keep');
    await first.user.type(within(card('What slows you down?')).getByRole('textbox'), 'Kept');
    await first.user.click(within(card('Which tools?')).getByRole('checkbox', { name: 'Spreadsheets' }));
    cleanup();
    await openForm('k-keep');
    expect((within(card('What slows you down?')).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Kept');
    expect((within(card('Which tools?')).getByRole('checkbox', { name: 'Spreadsheets' }) as HTMLInputElement).checked).toBe(true);
  });

  it('reads surveyswap_id on load, removes it from the address, and sends it', async () => {
    const server = fakeApi({
      'GET /api/research/k-partner': pageAnswer(),
      'POST /api/research/k-partner/submit': () => json(200, { success: true, redirect_to: null }),
    });
    const router = renderPage(routes, '/research/k-partner?surveyswap_id=abc-123&lang=en');
    await screen.findByRole('heading', { level: 2, name: 'Questions' });
    await waitFor(() => expect(currentUrl(router)).toBe('/research/k-partner?lang=en'));
    const user = userEvent.setup();
    await user.click(within(card('How do you sell?')).getByRole('radio', { name: 'In person' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    expect(server.calls('POST /api/research/k-partner/submit')[0]!.body).toMatchObject({ surveyswap_id: 'abc-123' });
  });
});
