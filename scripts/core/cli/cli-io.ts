/** Where a command writes: the process's streams, or a test's buffers when it runs in-process. */
export interface TextSink {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
  cwd?: string;
  signal?: AbortSignal;
}
