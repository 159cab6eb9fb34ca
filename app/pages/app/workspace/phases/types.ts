import type { getToolName } from 'ai';
import type { ComponentType } from 'react';
import type { MemoryEntry, WorkspaceState } from '#contracts/workspace';
import type { Notify } from '../../../../lib/notifications';

/**
 * The app's side of a phase, as a plug-in of the workspace (docs/architecture.md, "Adding a
 * phase"): its folder `phases/<slug>/` exports one `PhaseApp`, listed in `phases/registry.tsx`.
 * The workspace's own files (the engine) name no phase, no artifact kind and no phase tool: they
 * ask the registry for what to render.
 */
export interface PhaseApp {
  /** The phase's number in contracts/phases/registry.ts. */
  phase: number;
  /** The view of each of its artifacts in the memory panel, by artifact kind. */
  artifactViews?: Record<string, ComponentType<ArtifactViewProps<any>>>;
  /** The editor of each of its artifacts in the memory panel, by artifact kind. */
  editors?: Record<string, ArtifactEditor<any, any>>;
  /** Labels of artifact kinds the contracts' registry does not know (the contract's labels are used otherwise). */
  kindLabels?: Record<string, string>;
  /** Artifact kinds shown first in the memory panel, highest first (the others follow, newest first). */
  memoryOrder?: Record<string, number>;
  /** How one of its tools' calls is shown in an assistant message, by tool name. */
  toolCards?: Record<string, ComponentType<ToolCardProps>>;
  /** The sentence shown when a call of one of its tools failed, by tool name. */
  failedToolNotes?: Record<string, string>;
  /** Cards over the workspace's columns, for every member (a long job the members follow). */
  workspaceCards?: ComponentType<WorkspaceCardProps>[];
  /** What the phase lends its artifact views from the shared state (WorkspaceContext). */
  workspaceContext?: (state: WorkspaceState | null) => Partial<PhaseWorkspaceContext>;
  /** What the phase adds to the conversation's props from the workspace screen. */
  conversationProps?: (screen: WorkspaceScreenContext) => Partial<PhaseConversationProps>;
  /**
   * What each message row gets of the conversation's props, for its tool cards. Rows are
   * memoised: give them values that stay the same while nothing changed (ids, not entries).
   * Functions are kept stable by the conversation.
   */
  rowProps?: (conversation: PhaseConversationProps) => Partial<PhaseRowProps>;
}

// ---------------------------------------------------------------------------------------------
// What a phase adds to the engine's props. Each is empty here: a phase adds its own fields by
// augmenting them in its index (`declare module '../types' { interface PhaseRowProps { … } }`).

/** Props of a conversation (Conversation.tsx) that a phase reads. */
export interface PhaseConversationProps {}

/** Props of a message row (MessageRow.tsx) that a phase's tool cards read. */
export interface PhaseRowProps {}

/** What a phase lends its artifact views from the workspace (WorkspaceContext). */
export interface PhaseWorkspaceContext {}

/**
 * A phase's own requests about one memory entry, by the type of their frame (`{ type, id }`,
 * answered like a memory change): its keys are the types.
 */
export interface PhaseEntryRequests {}
export type PhaseEntryRequest = keyof PhaseEntryRequests;

// ---------------------------------------------------------------------------------------------
// The memory panel

/** What the workspace lends the artifacts' views: a way to ask the co-founder, and what the phases add. */
export interface WorkspaceContext extends PhaseWorkspaceContext {
  /** Sends a message to the co-founder as this member, as the composer would. */
  onAsk?: (text: string) => void;
  /**
   * Sends one of a phase's member frames (`{ type, … }`, answered by its `request_result`);
   * resolves with an error to show, or null. What it changes arrives for every member in the
   * shared state. Absent where the workspace only reads.
   */
  onAction?: WorkspaceRequest;
  /** The member using the workspace, for a view's own choices (what this member asked for, what only the owner may do). */
  me?: { userId: string; name: string; role?: 'owner' | 'collaborator' };
  /** Shows a message of the conversation (a view's link to it), closing the memory sheet on a phone. */
  onShowMessage?: (messageId: string) => void;
}

/** A memory entry of one kind. */
export type EntryOf<Kind extends string> = Extract<MemoryEntry, { kind: Kind }>;

export interface ArtifactViewProps<Entry = MemoryEntry> {
  entry: Entry;
  /** Accepts the version on screen; resolves with an error to show, or null. Absent where it cannot be accepted. */
  onAccept?: () => Promise<string | null>;
  /**
   * Sends a phase's own request about this entry (a frame `{ type, id }`, answered like a memory
   * change); resolves with an error to show, or null. Absent where the entry is only read.
   */
  onRequest?: (type: PhaseEntryRequest) => Promise<string | null>;
  workspace?: WorkspaceContext;
}

/**
 * An artifact's editor in the memory panel: it edits the content and leaves the title to the
 * memory editor. `Fields` is what the form holds (text as typed, say), made from the entry and
 * turned back into the content to save.
 */
export interface ArtifactEditor<Entry = MemoryEntry, Fields = unknown> {
  /** The label of the title's input ('Name'); 'Title' when absent. */
  titleLabel?: string;
  fieldsOf: (entry: Entry) => Fields;
  /** The content to save, without its kind and title (the memory editor adds them); validated before it is sent. */
  contentOf: (fields: Fields) => Record<string, unknown>;
  Editor: ComponentType<ArtifactEditorProps<Fields>>;
  /**
   * The label of the field a validation issue is about ('Top-down, step 2: number'), or null for
   * none; when absent or undefined, the memory editor names it from the last key of its path.
   */
  issueLabel?: (path: readonly PropertyKey[]) => string | null | undefined;
  /**
   * Validates the content before it is sent; the memory contract's schema when absent. Only a
   * kind the contract does not know (a phase being built, or a test's) needs its own.
   */
  validate?: (
    content: unknown,
  ) => { success: true; data: unknown } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

export interface ArtifactEditorProps<Fields> {
  /** A prefix for the ids of its inputs, unique on the page. */
  id: string;
  fields: Fields;
  onChange: (fields: Fields) => void;
  /** What the workspace lends the views, for an editor's choices (who can own a task); absent where nothing is lent. */
  workspace?: WorkspaceContext;
}

// ---------------------------------------------------------------------------------------------
// The conversation

/** A tool call in an assistant message, as the AI SDK gives it. */
export type ToolPart = Parameters<typeof getToolName>[0];

/** What a message row gives its tool cards beyond the part: the engine's own, and what the phases add. */
export interface ToolCardRowProps extends PhaseRowProps {
  /** Given to the last answer only, while its quick replies can still be clicked. */
  onQuickReply?: (choice: string) => void;
  /** 'Review it in the memory': opens the memory at this entry. */
  onReviewMemory?: (entryId: string) => void;
}

/**
 * One tool call of an assistant message. Inputs may still be streaming in, and were written by
 * the model: a card shows one only once it validates against its contract.
 */
export interface ToolCardProps {
  part: ToolPart;
  /** The tool's name, as in the part's type (`tool-<name>`). */
  name: string;
  /** The call's input as it is so far. */
  input: unknown;
  /** The call is done and its output is there. */
  done: boolean;
  /** The tool's output, once done (else undefined). */
  output: unknown;
  row: ToolCardRowProps;
}

// ---------------------------------------------------------------------------------------------
// The workspace screen

/** Sends a member's request (a frame the server answers with its `request_result`): resolves with an error to show, or null. */
export type WorkspaceRequest = (frame: { type: string; [key: string]: unknown }) => Promise<string | null>;

export interface WorkspaceCardProps {
  state: WorkspaceState | null;
  request: WorkspaceRequest;
}

/** What the workspace screen lends a phase's conversation props. */
export interface WorkspaceScreenContext {
  state: WorkspaceState | null;
  /** The page's banners. */
  notify: Notify;
}
