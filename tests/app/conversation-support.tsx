import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Conversation, type ConversationProps } from '../../app/pages/app/workspace/Conversation';

/** Renders the conversation with inert callbacks, overridden as a test needs; `rerender` keeps the rest. */
export function renderConversation(me: ConversationProps['me'], overrides: Partial<ConversationProps> = {}) {
  const props: ConversationProps = {
    messages: [],
    me,
    streaming: false,
    canStop: false,
    sending: false,
    draft: '',
    onDraftChange: vi.fn(),
    error: null,
    onError: vi.fn(),
    onSend: vi.fn(),
    onStop: vi.fn(),
    onRetry: vi.fn(),
    onEdit: vi.fn(),
    onSaveToMemory: vi.fn(async () => null),
    onReviewMemory: vi.fn(),
    onCreateResearchPage: vi.fn(),
    ...overrides,
  };
  const view = render(<Conversation {...props} />);
  return { props, rerender: (next: Partial<ConversationProps>) => view.rerender(<Conversation {...props} {...next} />) };
}
