/** Build failures, each with its own exit code and a one-line message (no stack trace unless --verbose). */
export const BUILD_EXIT_CODES = {
  ok: 0,
  usage: 2,
  snapshotInvalid: 3,
  snapshotPartial: 4,
  crawlFailed: 5,
  siteData: 6,
  astro: 7,
  search: 8,
  mapping: 9,
} as const;

export type BuildExitCode = (typeof BUILD_EXIT_CODES)[keyof typeof BUILD_EXIT_CODES];

export class BuildError extends Error {
  override readonly name = 'BuildError';
  readonly exitCode: BuildExitCode;
  constructor(exitCode: BuildExitCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.exitCode = exitCode;
  }
}
