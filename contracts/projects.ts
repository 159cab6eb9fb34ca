import { EmailSchema } from './auth';
import { hasControlCharacters } from './text';
import { z } from './zod';

export const PROJECT_NAME_MAX = 100;
export const ProjectNameSchema = z
  .string()
  .trim()
  .max(PROJECT_NAME_MAX, `Project names are at most ${PROJECT_NAME_MAX} characters`)
  .refine((name) => !hasControlCharacters(name), 'Project names cannot contain control characters');

export const CreateProjectSchema = z.strictObject({ name: ProjectNameSchema });
export const RenameProjectSchema = z.strictObject({ name: ProjectNameSchema });
export const InviteSchema = z.strictObject({ email: EmailSchema });

/** Why an invitation link does not work, as its holder is told. */
export const INVITATION_REFUSED = {
  invalid: 'This invitation is invalid, expired, withdrawn or already used. Ask a member of the project for a new link.',
  makerLeft: 'Whoever sent this invitation is no longer a member of the project, so it no longer works. Ask a member of the project for a new link.',
} as const;

/** An invitation as its link shows it before the invited person has an account. */
export interface InvitationPreview {
  email: string;
  projectName: string;
  invitedBy: string;
}

/** A phase a project completed, and when (Unix milliseconds): the dashboard shows each project's path with its dates. */
export interface PhaseCompletion {
  phase: number;
  completedAt: number;
}
