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
  /** The disk (of the output, the cache or the checkout) ran full; the message says where. */
  diskFull: 10,
  /** The --decisions file is not CSV, cannot be read, or lacks its key or disposition column. */
  decisions: 11,
  /** The --estimate file is not YAML, cannot be read, has an unknown key or a rate that is not a number 0 or more. */
  estimate: 12,
  /** downloads/snapshot.sqlite could not be written (its process failed; its last lines are shown). */
  sqlite: 13,
  /** Stopped by SIGINT (130) or SIGTERM (143): children stopped, temporary folders removed, nothing published. */
  interrupted: 130,
  terminated: 143,
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

/** The signal named by an interrupted run's abort reason (the commands abort with a DOMException named after it). */
export const signalOf = (signal: AbortSignal): 'SIGTERM' | 'SIGINT' =>
  (signal.reason as Error | undefined)?.message === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';

/** What a failure means for the exit code: an interruption, a full disk, or a BuildError as thrown; else undefined. */
export function classifyFailure(error: unknown, signal?: AbortSignal): BuildError | undefined {
  if (signal?.aborted) {
    const name = signalOf(signal);
    return new BuildError(
      name === 'SIGTERM' ? BUILD_EXIT_CODES.terminated : BUILD_EXIT_CODES.interrupted,
      `stopped by ${name}: its child processes were stopped and its temporary folders removed; nothing was published`,
    );
  }
  if (error instanceof BuildError) return error;
  const noSpace = describeNoSpace(error);
  if (noSpace !== undefined)
    return new BuildError(BUILD_EXIT_CODES.diskFull, `${noSpace}; nothing was published`, { cause: error });
  return undefined;
}

/** "no space left on device (…)" for a full disk (ENOSPC), else undefined: the build and the merge say it so. */
export function describeNoSpace(error: unknown): string | undefined {
  if ((error as NodeJS.ErrnoException | undefined)?.code !== 'ENOSPC') return undefined;
  return `no space left on device (${(error as Error).message.split('\n')[0]})`;
}
