import { PasswordSchema } from './auth';
import { singleLineText } from './text-fields';
import { z } from './zod';
import type { PaymentRecord } from './billing';
import type { PlanId } from './plans';

export const ChangePasswordSchema = z.strictObject({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(256),
  newPassword: PasswordSchema,
});

/**
 * Deleting an account (docs/decisions/0024). `confirmation` is the account's e-mail address,
 * typed by its owner; `handOver` names, for each owned project that should live on, the member
 * who becomes its owner. Every other owned project is deleted.
 */
export const DeleteAccountSchema = z.strictObject({
  confirmation: z.string().max(254),
  handOver: z
    .array(z.strictObject({ projectId: z.string().min(1).max(64), newOwnerId: z.string().min(1).max(64) }))
    // Founders may own more than their plan allows (projects handed to them), never hundreds.
    .max(100)
    .default([]),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountSchema>;

/** A project the signed-in user owns, with the members it could be handed to. */
export interface OwnedProject {
  id: string;
  name: string;
  members: { id: string; email: string }[];
}

/** Who wrote a message or changed the memory, as the export names them. */
export type ExportedAuthor = { kind: 'member'; userId: string; name: string } | { kind: 'cofounder' };

/**
 * A project's co-founder workspace in the export (docs/decisions/0024): the conversation in order,
 * the memory as it is, with every change made to it, and the canvas's notes, frames and connectors.
 */
export interface ProjectConversationExport {
  messages: {
    id: string;
    author: ExportedAuthor;
    /** ISO time; null for the rare message stored before times were kept. */
    createdAt: string | null;
    text: string;
    /** For the co-founder's answers: complete, stopped by a member, or failed (with why). */
    status: 'complete' | 'stopped' | 'failed' | null;
    failure: string | null;
    /** What the co-founder's tools were asked and answered within the answer. */
    tools: { name: string; input: unknown; output: unknown; error: string | null }[];
  }[];
  memory: {
    entries: unknown[];
    history: { at: string; action: 'created' | 'updated' | 'deleted' | 'accepted'; entryId: string; by: ExportedAuthor; entry: unknown }[];
  };
  /** Every note, frame and connector of the project's canvas, with who made and last changed it. */
  canvas: unknown[];
}

/** The downloadable copy of an account: never a password hash or a token. */
export interface AccountExport {
  exportedAt: string;
  account: {
    id: string;
    email: string;
    name: string | null;
    plan: PlanId;
    privacyMode: boolean;
    productEmails: boolean;
    signsInWithGoogle: boolean;
    hasPassword: boolean;
    emailVerifiedAt: string | null;
    createdAt: string;
    attribution: unknown;
    referredBy: string | null;
    proInterestSince: string | null;
  };
  memberships: { projectId: string; projectName: string; role: 'owner' | 'collaborator'; since: string }[];
  projects: {
    id: string;
    name: string;
    role: 'owner' | 'collaborator';
    createdAt: string;
    researchPages: {
      id: string;
      urlKey: string;
      title: string;
      introduction: string;
      maxResponses: number | null;
      closedAt: string | null;
      createdAt: string;
      questions: { sequence: number; text: string; type: string; options: unknown; config: unknown }[];
      responses: { answers: unknown; createdAt: string }[];
    }[];
    /** The conversation with the co-founder and the project memory, with its history. */
    workspace: ProjectConversationExport;
  }[];
  /** Purchases of Pro, newest first, with their receipt and invoice links (decision 38). */
  payments: PaymentRecord[];
}

/** A member's display name: what teammates, presence, invitations and e-mails show instead of the address. */
export const DISPLAY_NAME_MAX = 60;
export const DisplayNameSchema = singleLineText(DISPLAY_NAME_MAX);
/** Setting the display name; null clears it (the address before the @ is shown again). */
export const SetDisplayNameSchema = z.strictObject({ name: DisplayNameSchema.nullable() });

/**
 * The body a mail provider posts to the one-click unsubscribe link, as a form (RFC 8058 §3.1: the
 * single pair of the `List-Unsubscribe-Post` header). The product's own page posts no body.
 */
export const OneClickUnsubscribeSchema = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') });
