/** How long data stays fresh before a background refetch. */
export const STALE = { short: 30_000, long: 5 * 60_000 } as const;
