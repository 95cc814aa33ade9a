/** Errors that end a run, each with its own exit code (documented in docs/snapshot-format.md). */
export const EXIT_CODES = {
  ok: 0,
  incomplete: 1,
  usage: 2,
  authRefused: 3,
  unreachable: 4,
  shrinkRefused: 5,
} as const;

/** Bad flags, environment, or output folder: nothing was contacted or written. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

/** The source answered 401/403: the run stops at once, retries would only repeat the refusal. */
export class AuthRefusedError extends Error {
  override readonly name = 'AuthRefusedError';
  readonly status: number;
  readonly url: string;
  constructor(status: number, url: string, hasKey: boolean) {
    const hint = hasKey
      ? 'the API key was refused: check SNAPSHOT_API_KEY or the file given with --api-key-file'
      : 'the source wants an API key: set SNAPSHOT_API_KEY or pass --api-key-file';
    super(`${hint} (HTTP ${status} from ${url})`);
    this.status = status;
    this.url = url;
  }
}

/** The very first request got no HTTP answer at all, after every retry. */
export class SourceUnreachableError extends Error {
  override readonly name = 'SourceUnreachableError';
}
