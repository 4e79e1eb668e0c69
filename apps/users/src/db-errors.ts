type UniqueViolation = { code: '23505'; constraint?: string };

/** The unique-constraint violation inside an error (node-postgres sets it; drizzle may wrap it as `cause`). */
export function uniqueViolation(error: unknown): UniqueViolation | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23505') return candidate as UniqueViolation;
  }
  return undefined;
}
