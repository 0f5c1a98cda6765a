/**
 * The command tier's form of an HTTP refusal: the use case throws the typed error the HTTP layer
 * maps to a status (ADR 0272), with the message that becomes the `{detail}`.
 */
import { expect } from 'vitest';

/** Awaits `attempt` and checks that it failed with an error of `type` whose message matches `message`. */
export async function expectRefusal(attempt: Promise<unknown>, type: abstract new (...args: never[]) => Error, message: RegExp): Promise<void> {
  const error: unknown = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `expected a ${type.name} matching ${message}`).toBeInstanceOf(type);
  expect((error as Error).message).toMatch(message);
}
