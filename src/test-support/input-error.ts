/** The InputError a call throws (or an async call rejects with), failing the test if there is none. */
import { InputError } from '../util/input-error.js';

export function inputErrorOf(call: () => unknown): InputError {
  try {
    call();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError, and nothing was thrown');
}

export async function inputErrorFrom(promise: Promise<unknown>): Promise<InputError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError, and the promise resolved');
}
