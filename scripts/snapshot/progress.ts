/**
 * Progress on stderr: on a TTY one line rewritten in place (done/total, rate, ETA); otherwise a plain line
 * every few seconds, so CI logs stay readable. Quiet writes nothing.
 */
export interface ProgressSink {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Progress {
  start(phase: string, total: number): void;
  grow(by: number): void;
  tick(by?: number): void;
  stop(): void;
}

export interface ProgressOptions {
  sink: ProgressSink;
  quiet: boolean;
  intervalMs?: number;
  now?: () => number;
}

export const silentProgress: Progress = { start() {}, grow() {}, tick() {}, stop() {} };

export function createProgress(options: ProgressOptions): Progress {
  if (options.quiet) return silentProgress;
  const now = options.now ?? Date.now;
  const tty = options.sink.isTTY === true;
  const interval = options.intervalMs ?? (tty ? 100 : 5000);
  let phase = '';
  let total = 0;
  let done = 0;
  let startedAt = 0;
  let shownAt = 0;

  function line(): string {
    const seconds = Math.max(0.001, (now() - startedAt) / 1000);
    const rate = done / seconds;
    const eta = rate > 0 && total > done ? ` ETA ${formatDuration((total - done) / rate)}` : '';
    const percent = total > 0 ? ` (${Math.floor((done / total) * 100)}%)` : '';
    return `${phase} ${done}/${total}${percent} ${rate.toFixed(1)}/s${eta}`;
  }

  function show(force: boolean): void {
    if (!force && now() - shownAt < interval) return;
    shownAt = now();
    options.sink.write(tty ? `\r\x1b[K${line()}` : `${line()}\n`);
  }

  return {
    start(name, count) {
      if (phase !== '') {
        show(true);
        if (tty) options.sink.write('\n');
      }
      phase = name;
      total = count;
      done = 0;
      startedAt = now();
      shownAt = tty ? 0 : now();
      if (tty) show(true);
    },
    grow(by) {
      total += by;
    },
    tick(by = 1) {
      done += by;
      show(false);
    },
    stop() {
      if (phase === '') return;
      show(true);
      if (tty) options.sink.write('\n');
      phase = '';
    },
  };
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(Math.floor(seconds % 60)).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
