import { inputError } from '../errors';

// What a staff password must be. A staff password opens every customer's data, so besides a
// length it must not be guessable: zxcvbn (offline) scores it against lists of common and
// breached passwords, names, keyboard walks, dates and repeats, and against the account's own
// e-mail address and name.

/** Longer than a customer's minimum: a staff password opens every customer's data. */
export const MIN_STAFF_PASSWORD_LENGTH = 12;
/**
 * The one cap, in UTF-16 code units as the sign-in check measures it, so that a password that can
 * be set can always be used. Far above any real password, low enough to keep hashing cheap.
 */
export const MAX_STAFF_PASSWORD_LENGTH = 1024;
/** zxcvbn's 3: "safely unguessable", out of reach of an offline attack on a slow hash. */
const MIN_SCORE = 3;

/**
 * Loaded when a password is set, not at start: the dictionaries take 2.4 MB of heap once imported
 * and the estimator 4 MB more while it lives, for something done a few times a year. Not kept
 * between calls; ~50 ms each time.
 */
async function strength(password: string, userInputs: string[]): Promise<number> {
  const [{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  return new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }).check(password, userInputs).score;
}

export function isStaffPasswordTooLong(password: string): boolean {
  return password.length > MAX_STAFF_PASSWORD_LENGTH;
}

/** Throws a clear input error for a password staff may not set; `email` is normalised. */
export async function assertStaffPassword(password: string, email: string, name?: string): Promise<void> {
  if (password !== password.trim()) throw inputError("The password can't begin or end with a space.");
  if ([...password].length < MIN_STAFF_PASSWORD_LENGTH)
    throw inputError(`The password needs at least ${MIN_STAFF_PASSWORD_LENGTH} characters.`);
  if (isStaffPasswordTooLong(password))
    throw inputError(`The password can have at most ${MAX_STAFF_PASSWORD_LENGTH} characters.`);
  if (password.toLowerCase() === email) throw inputError("The password can't be the same as the email address.");
  const userInputs = [email, ...email.split(/[@.+_-]/), ...(name ? [name, ...name.split(/\s+/)] : [])].filter(
    (part) => part.length >= 3,
  );
  if ((await strength(password, userInputs)) < MIN_SCORE)
    throw inputError(
      'The password is too easy to guess: it is a common or leaked password, or close to one, or built from your name or address. Use a longer phrase of unrelated words.',
    );
}
