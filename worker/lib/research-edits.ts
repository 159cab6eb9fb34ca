import { ratingScale, type PublicQuestion, type ResearchPageInput } from '#contracts/research';

/**
 * Whether an edit of a page keeps every stored answer meaningful
 * (docs/decisions/0033-research-page-lifecycle.md). Questions are matched by sequence: an answered
 * question must stay at its number with the same text and type, keep every option someone chose
 * and every rating someone gave. Unanswered questions, the title and the limit may change freely,
 * and new questions go after the answered ones. `answered` maps each answered question's sequence
 * to the choice or rating values given to it (empty for text and e-mail questions).
 * Returns the first problem, naming the question, or null.
 */
export function editProblem(current: PublicQuestion[], answered: Map<number, Set<string>>, input: ResearchPageInput): string | null {
  for (const question of current) {
    const given = answered.get(question.sequence);
    if (!given) continue;
    const name = `Question ${question.sequence} (“${question.text}”) already has answers`;
    const next = input.questions[question.sequence - 1];
    if (!next) return `${name}, so it cannot be removed.`;
    if (next.type !== question.type) return `${name}, so its type cannot change.`;
    if (next.text !== question.text) return `${name}, so its text cannot change. Add a new question instead.`;
    if (question.type === 'multiple_choice' || question.type === 'checkbox') {
      const missing = [...given].find((option) => !(next.options ?? []).includes(option));
      if (missing !== undefined) return `${name}, so its option “${missing}”, which respondents chose, cannot be removed.`;
    }
    if (question.type === 'rating') {
      const { min, max } = ratingScale(next.config);
      const outside = [...given].map(Number).find((value) => value < min || value > max);
      if (outside !== undefined) return `${name}, so its scale must still include the rating ${outside} that respondents gave.`;
    }
  }
  return null;
}
