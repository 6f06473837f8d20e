import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { DocumentSearchResponseSchema, type ApprovalStatus, type PageSize } from '@portal/domain';
import { DOCUMENT_SEARCH_PATH } from '@portal/domain/api-paths';
import { apiGet } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { LINK_RENEWAL_MS } from '../files-status/files-status-queries';

export interface DocumentSearch {
  page: number;
  perPage: PageSize;
  search: string;
  /** One file status, or every status. */
  status: ApprovalStatus | 'ALL';
}

/**
 * The files screen: `GET /api/files`, paged on the server, newest upload first. The download
 * links expire (docs/product.md#api), so a page left open renews them. The answer names each file's unit or
 * frequency in the screens' language, so a language change reads it again.
 */
export const documentSearchQuery = ({ page, perPage, search, status }: DocumentSearch) =>
  queryOptions({
    queryKey: ['files', { page, perPage, search, status, language: currentLanguage() }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
      if (search) params.set('search', search);
      if (status !== 'ALL') params.set('status', status);
      return apiGet(`${DOCUMENT_SEARCH_PATH}?${params}`, DocumentSearchResponseSchema, { signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: LINK_RENEWAL_MS,
  });
