import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** The server's message when there is one, else the spec's fallback for the screen. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500 && error.message) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return fallback;
}

/**
 * Puts the server's per-field messages (details.fields) on the form's fields. Returns true when
 * at least one landed on a field the form has, so the caller can skip a form-level banner. A
 * message about a part of a field ('available_days.3') lands on the field.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fields.find((candidate) => candidate === name) ?? fields.find((candidate) => name.startsWith(`${candidate}.`));
    if (field && message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}

/**
 * A failed save of a form: the server's field messages on their fields, or else one banner
 * (react-hook-form's root error) with the server's message or the fallback. The values stay.
 */
export function showSaveError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], fallback: string): void {
  if (applyFieldErrors(error, setError, fields)) return;
  setError('root', { type: 'server', message: errorMessage(error, fallback) });
}
