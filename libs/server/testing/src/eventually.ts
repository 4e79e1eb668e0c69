/**
 * Wait for something another part of the system does on its own time (a job queued, a message
 * sent): `find` is asked every `intervalMs` until it answers, for at most `timeoutMs`. It may be
 * async (a call to ask again), answering undefined while the thing has not happened.
 */
export async function eventually<T>(
  find: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 10_000, intervalMs = 10, what = 'the awaited thing' } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`${what} never came`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
