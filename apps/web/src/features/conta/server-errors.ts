import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api';

/** Puts the server's per-field messages (e.g. e-mail in use, wrong current password) under the inputs. */
export function applyServerErrors<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>, known: readonly string[]) {
  if (!(e instanceof ApiError)) return;
  for (const [field, message] of Object.entries(e.fields)) {
    if (known.includes(field)) setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
  }
  if (e.code === 'EMAIL_TAKEN' && known.includes('email')) setError('email' as Path<T>, { type: 'server', message: e.message }, { shouldFocus: true });
}
