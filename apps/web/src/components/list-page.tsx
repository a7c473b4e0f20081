import { useEffect } from 'react';
import { Group, Pagination, Text } from '@mantine/core';

/** Spec §9: every list's search box is debounced 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The number of pages of `total` records (at least one), and the page index kept in range: when the list shrinks
 * (a narrower filter, a delete on the last page), the new last page is shown rather than an empty list.
 */
export function useListPages(
  total: number,
  pageSize: number,
  paging: { pageIndex: number; setPageIndex: (index: number) => void; loaded: boolean },
): number {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const { pageIndex, setPageIndex, loaded } = paging;
  useEffect(() => {
    if (loaded && pageIndex > pages - 1) setPageIndex(pages - 1);
  }, [loaded, pageIndex, pages, setPageIndex]);
  return pages;
}

interface ListFooterProps {
  /** The list's own count wording, e.g. "12 customers". */
  totalText: string;
  pages: number;
  pageIndex: number;
  onPageChange: (pageIndex: number) => void;
}

/** Under a list page's table: the record count, and the pager when there is more than one page. */
export function ListFooter({ totalText, pages, pageIndex, onPageChange }: ListFooterProps) {
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {totalText}
      </Text>
      {pages > 1 && (
        <Pagination total={pages} value={pageIndex + 1} onChange={(p) => onPageChange(p - 1)} size="sm" />
      )}
    </Group>
  );
}
