/** A command line the CLI cannot act on (exit code 64, EX_USAGE of sysexits.h). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
