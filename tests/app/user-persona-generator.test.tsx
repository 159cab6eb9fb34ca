import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as UserPersonaGenerator } from '../../app/pages/tools/UserPersonaGenerator';
import { fakeApi, json } from './fake-api';
import { renderPage } from './render-page';
import { ndjsonStream } from './tool-stream';

const RATE_LIMITED = "You've reached the rate limit for this tool. Sign up on Launchmate to increase your limit and access more features.";
const GENERATE = 'POST /api/free-tools/user-persona';
const PERSONA = {
  name: 'Dana Whitfield',
  age: 41,
  occupation: 'Practice manager',
  traits: ['Organised', 'Analytical', 'Time-poor'],
  quote: 'Every empty chair is money we never get back.',
  where: ['Dental forums', 'LinkedIn'],
  narrative_description: 'Dana runs the front desk of a four-chair clinic.',
  problem: 'Last-minute cancellations leave chairs empty.',
  pains: ['Phone tag with patients', 'No-shows'],
  goals: ['A full schedule', 'Fewer evening hours'],
  objections: ['Patients may not like automated messages', 'Another system to learn'],
  picture: '/api/free-tools/avatar.svg?name=Dana+Whitfield&age=41&traits=Organised',
};

const input = () => screen.getByLabelText('Product description') as HTMLInputElement;

async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({ 'GET /api/free-tools/user-persona/count': () => json(200, { count: 30 }) });
  renderPage([{ path: '/user-persona-generator', Component: UserPersonaGenerator }], '/user-persona-generator');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function submit(description: string) {
  fireEvent.change(input(), { target: { value: description } });
  fireEvent.click(screen.getByRole('button', { name: 'Generate user persona' }));
  await settle();
}

describe('the user persona generator', () => {
  it('fills the persona in as its fields stream, then shows the whole of it with its picture', async () => {
    vi.useFakeTimers();
    const stream = ndjsonStream();
    api.on(GENERATE, () => stream.response);
    await settle();
    expect(screen.getByText('30 personas generated so far')).toBeTruthy();
    expect(input().placeholder).toBe('Example: A platform that helps people learn to code with AI');
    expect(input().maxLength).toBe(100);

    await submit('Scheduling for dental clinics');
    expect(api.calls(GENERATE)[0]!.body).toEqual({ product_description: 'Scheduling for dental clinics' });
    expect(api.calls(GENERATE)[0]!.headers.get('Accept')).toBe('application/x-ndjson');
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Generating user persona');
    expect(status.textContent).toContain('The persona appears field by field, in a few seconds.');
    expect(input().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(within(status).getByText('1s')).toBeTruthy();

    stream.send({ type: 'persona', user_persona: { name: 'Dana Whitfield' } });
    await settle();
    expect(screen.getByRole('heading', { level: 2, name: 'User persona' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Dana Whitfield' })).toBeTruthy();
    expect(screen.queryByText('Age')).toBeNull();

    // Each event carries only the fields settled since the last one, to add to those before.
    stream.send({ type: 'persona', user_persona: { age: 41, occupation: 'Practice manager' } });
    stream.send({ type: 'persona', user_persona: { traits: ['Organised', 'Analytical'] } });
    await settle();
    expect(screen.getByRole('heading', { level: 3, name: 'Dana Whitfield' })).toBeTruthy();
    expect(screen.getByText('Age').nextElementSibling?.textContent).toBe('41');
    expect(screen.getByText('Occupation').nextElementSibling?.textContent).toBe('Practice manager');
    expect(
      within(screen.getByRole('list', { name: 'Traits' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Organised', 'Analytical']);
    expect(screen.getByText('Generating user persona')).toBeTruthy();

    const { picture: _picture, name: _name, age: _age, occupation: _occupation, traits: _traits, ...rest } = PERSONA;
    stream.send({ type: 'persona', user_persona: rest });
    stream.send({ type: 'done', id: 'AAAAAAAAAAAAAAAAAAAAAA', offline_demo: false, user_persona: PERSONA });
    stream.close();
    await settle();
    expect(screen.queryByText('Generating user persona')).toBeNull();
    const picture = screen.getByRole('img', { name: 'Portrait of Dana Whitfield' });
    expect(picture.getAttribute('src')).toBe(PERSONA.picture);
    expect(screen.getByText(`“${PERSONA.quote}”`)).toBeTruthy();
    for (const [heading, texts] of [
      ["Where you'll find the person", PERSONA.where],
      ['Pain points', PERSONA.pains],
      ['Goals', PERSONA.goals],
      ['Objections', PERSONA.objections],
      ['About', [PERSONA.narrative_description]],
      ['Problem', [PERSONA.problem]],
    ] as const) {
      const section = screen.getByRole('heading', { level: 3, name: heading }).parentElement!;
      for (const text of texts) expect(within(section).getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Generate new persona' })).toBeTruthy();
    expect(screen.getByText('31 personas generated so far')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on a 429 shows the rate-limit banner and keeps the description', async () => {
    api.on(GENERATE, () => json(429, { error: RATE_LIMITED }));
    await submit('A budgeting app');
    expect(screen.getByRole('alert').textContent).toContain(RATE_LIMITED);
    expect(input().value).toBe('A budgeting app');
    expect(input().disabled).toBe(false);
  });

  it('refuses a description over 100 characters without calling the server', async () => {
    await submit('x'.repeat(101));
    expect(api.calls(GENERATE)).toHaveLength(0);
    expect(screen.getByText('Please keep it under 100 characters')).toBeTruthy();
  });
});
