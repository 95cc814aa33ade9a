/** A counting semaphore: at most `max` tasks run at once, the rest wait in arrival order. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createLimiter(max: number): Limiter {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  const acquire = (): Promise<void> => {
    if (active < max) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Starts `work` for up to `window` items ahead of the one being finished, and calls `finish` strictly in input
 * order. Memory stays bounded by the window; the caller's limiter bounds what runs at once.
 */
export async function mapInOrder<T, R>(
  items: readonly T[],
  window: number,
  work: (item: T) => Promise<R>,
  finish: (item: T, result: R) => Promise<void>,
): Promise<void> {
  const started = new Map<number, Promise<R>>();
  let next = 0;
  try {
    for (let index = 0; index < items.length; index += 1) {
      for (; next < items.length && next < index + window; next += 1) {
        const promise = work(items[next] as T);
        promise.catch(() => {});
        started.set(next, promise);
      }
      const result = await (started.get(index) as Promise<R>);
      started.delete(index);
      await finish(items[index] as T, result);
    }
  } finally {
    await Promise.allSettled(started.values());
  }
}
