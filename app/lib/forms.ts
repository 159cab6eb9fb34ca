import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { ApiError } from './api';

/** The catch-all message when the server gave no text of its own. */
export const GENERIC_ERROR = 'An error occurred. Please try again.';

/** The first message a shared field schema (in contracts/) gives for `value`, if any. */
export function fieldError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'This value is not valid');
}

/** The server's `error` text for a failed call, else `fallback` (network errors included). */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export type FieldErrors<Name extends string> = Partial<Record<Name, string | null | undefined>>;

/**
 * The fields of a form: their values, their errors, and `validate()`, which shows every field's
 * first problem and focuses the first invalid field in form order (the order of `initial`'s
 * keys). The errors are rendered before the focus moves, so a screen reader announces the field
 * with its error. Typing in a field clears its error.
 *
 * `check` returns the problems of the current values, usually from the contract's schema, so the
 * browser and the server refuse the same input with the same words.
 */
export function useFormFields<Name extends string>(initial: Record<Name, string>, check: (values: Record<Name, string>) => FieldErrors<Name>) {
  const order = Object.keys(initial) as Name[];
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const elements = useRef(new Map<Name, HTMLElement>());
  // One ref callback per field for the form's life, so React does not detach and re-attach it on
  // every render.
  const refCallbacks = useRef(new Map<Name, (element: HTMLInputElement | HTMLTextAreaElement | null) => void>());

  const focus = (name: Name) => elements.current.get(name)?.focus();

  function setValue(name: Name, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: null }));
  }

  /** Whether the values may be sent; if not, the errors show and the first invalid field has focus. */
  function validate(): boolean {
    const found = check(values);
    flushSync(() => setErrors(found));
    const invalid = order.find((name) => found[name]);
    if (invalid) focus(invalid);
    return invalid === undefined;
  }

  /** Shows a problem the server found with one field (a taken code, say) and focuses that field. */
  function showError(name: Name, message: string) {
    flushSync(() => setErrors((current) => ({ ...current, [name]: message })));
    focus(name);
  }

  function refOf(name: Name) {
    let callback = refCallbacks.current.get(name);
    if (!callback) {
      callback = (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      };
      refCallbacks.current.set(name, callback);
    }
    return callback;
  }

  /** The props of a field component: name, ref, value, error and onChange. */
  const field = (name: Name) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: refOf(name),
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  });

  return { values, errors, setValue, setValues, validate, showError, field };
}

/**
 * Logs a failure worth a developer's attention: network errors and 5xx answers. A 4xx is the
 * server's considered answer (a spent link, a wrong password), already shown to the visitor.
 */
export function logUnexpected(what: string, error: unknown): void {
  if (error instanceof ApiError && error.status < 500) return;
  console.error(what, error);
}
