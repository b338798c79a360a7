/** `work`, or a rejection with `overdue()` once `limitMs` passed first. */
export async function within<T>(work: Promise<T>, limitMs: number, overdue: () => Error): Promise<T> {
  let timer = 0;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = window.setTimeout(() => reject(overdue()), Math.max(0, limitMs));
      }),
    ]);
  } finally {
    window.clearTimeout(timer);
  }
}
