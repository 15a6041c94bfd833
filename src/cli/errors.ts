/** Exit codes and the usage error of the command line. */

/** Everything worked (and, where validated, every file is compliant). */
export const EXIT_OK = 0;
/** At least one file failed to render or validate, or is not compliant. */
export const EXIT_FAILED = 1;
/** The command line itself is wrong: unknown option, bad value, an input that does not exist. */
export const EXIT_USAGE = 2;

/** A mistake in the command line, reported with the usage hint and exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
