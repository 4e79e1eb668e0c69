import { describe, expect, it } from 'vitest';
import { pageAddress, queryOf } from './people-query';

describe('the people page address', () => {
  it('reads search, order and page, and falls back on nonsense', () => {
    expect(queryOf(new URLSearchParams('searchValue=%20Dana%20&sortBy=oldest&page=3'))).toEqual({
      searchValue: 'Dana',
      sortBy: 'oldest',
      limit: 24,
      pageNumber: 2,
    });
    for (const page of ['0', '-2', 'x', '99999999'])
      expect(queryOf(new URLSearchParams({ page })).pageNumber).toBe(0);
    expect(queryOf(new URLSearchParams('sortBy=sideways')).sortBy).toBe('mostRecent');
  });

  it('links another page of the same search, the first without a page number', () => {
    const params = new URLSearchParams('searchValue=נועה&sortBy=oldest&page=2');
    expect(pageAddress(params, 3)).toBe(
      `/people?searchValue=${encodeURIComponent('נועה')}&sortBy=oldest&page=3`,
    );
    expect(pageAddress(params, 1)).toBe(
      `/people?searchValue=${encodeURIComponent('נועה')}&sortBy=oldest`,
    );
    expect(pageAddress(new URLSearchParams(), 1)).toBe('/people');
  });
});
