import { useState, type ComponentProps } from 'react';
import { PROJECT_NAME_MAX, ProjectNameSchema } from '#contracts/projects';
import { TextField } from '../../components/FormField';
import { fieldError, useFormFields } from '../../lib/forms';

export const NAME_REQUIRED = 'Give your project a name';

/**
 * The server accepts an empty name (a project made by /signin?newProject=true starts without
 * one), but a person naming a project on purpose should type something.
 */
export function projectNameError(name: string): string | null {
  if (!name.trim()) return NAME_REQUIRED;
  return fieldError(ProjectNameSchema, name);
}

/**
 * The project-name field of the create, rename and onboarding forms: its value, its error, and
 * `validate()`, which shows the error and focuses the field when the name is not acceptable and
 * otherwise returns the trimmed name.
 */
export function useProjectNameField(initial: string | (() => string) = '') {
  const [start] = useState(initial);
  const form = useFormFields({ name: start }, (values) => ({ name: projectNameError(values.name) }));
  const { ref, value, error } = form.field('name');
  return {
    name: value,
    error,
    inputRef: ref,
    validate: () => (form.validate() ? value.trim() : null),
    change: (next: string) => form.setValue('name', next),
  };
}

/** What the dashboard shows for a project that has no name yet. */
export const displayName = (name: string) => name.trim() || 'Untitled project';

type ProjectNameFieldProps = { field: ReturnType<typeof useProjectNameField> } & Omit<
  ComponentProps<typeof TextField>,
  'label' | 'value' | 'error' | 'onChange' | 'ref'
>;

/** The project-name input of the create, rename and onboarding forms, bound to useProjectNameField. */
export function ProjectNameField({ field, ...input }: ProjectNameFieldProps) {
  return (
    <TextField
      ref={field.inputRef}
      label="Project name"
      name="project-name"
      autoComplete="off"
      maxLength={PROJECT_NAME_MAX}
      value={field.name}
      error={field.error}
      onChange={(event) => field.change(event.target.value)}
      {...input}
    />
  );
}
