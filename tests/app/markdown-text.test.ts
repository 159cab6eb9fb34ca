import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from '../../app/lib/markdown-text';

describe('markdownToPlainText', () => {
  it('reads an answer without Markdown characters', () => {
    const answer = [
      '## The plan',
      '**Weakest assumption:** clinics *track* empty slots.',
      '- Call [five clinics](https://example.com/clinics)',
      '- Ask about `no-shows`',
      '',
      '| Idea | Pain |',
      '|---|:---:|',
      '| Dental | High |',
      '> A quote',
    ].join('\n');
    expect(markdownToPlainText(answer)).toBe(
      [
        'The plan',
        'Weakest assumption: clinics track empty slots.',
        'Call five clinics',
        'Ask about no-shows',
        '',
        'Idea, Pain',
        'Dental, High',
        'A quote',
      ].join('\n'),
    );
  });

  it('leaves plain text and snake_case words alone', () => {
    expect(markdownToPlainText('Use save_chosen_idea when 2 * 3 = 6.')).toBe('Use save_chosen_idea when 2 * 3 = 6.');
  });
});
