// The people page's address and its query: search, order and page are all in the address, so
// every page of every search is a link of its own (crawlable, shareable, back-button safe).

export const PEOPLE_PAGE_SIZE = 24;

/** What the address asks for: `?searchValue=`, `?sortBy=oldest`, `?page=2` (from 1). */
export function queryOf(params: URLSearchParams) {
  const sortBy = params.get('sortBy') === 'oldest' ? ('oldest' as const) : ('mostRecent' as const);
  const searchValue = params.get('searchValue')?.trim() ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const pageNumber = Number.isFinite(page) && page >= 1 && page <= 10_000 ? page - 1 : 0;
  return { searchValue, sortBy, limit: PEOPLE_PAGE_SIZE, pageNumber };
}

/** The address of another page of the same search: a real link, so every page is reachable. */
export function pageAddress(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const search = next.toString();
  return `/people${search ? `?${search}` : ''}`;
}

/**
 * Where a search's results start (`?cursor=`, from the search service, issue 36): a search
 * pages by cursor, "More people" in place, its link the next page's own address.
 */
export function searchStartOf(params: URLSearchParams): string | undefined {
  return params.get('cursor') || undefined;
}

/**
 * The address of a search's page from the service's cursor, the same words; without one, its
 * first page.
 */
export function searchPageAddress(params: URLSearchParams, cursor?: string): string {
  const next = new URLSearchParams();
  next.set('searchValue', params.get('searchValue')?.trim() ?? '');
  if (cursor) next.set('cursor', cursor);
  return `/people?${next.toString()}`;
}
