import type { TablePaginationConfig } from 'antd';

/** A page request as the list endpoints take it (`?page=&pageSize=`, pages counted from 1). */
export interface PageParams {
  page: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [DEFAULT_PAGE_SIZE, 50, 100];

export const FIRST_PAGE: PageParams = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

/** Server-side pagination for an antd table; a new page size starts again at page 1. */
export function tablePagination(options: {
  pageParams: PageParams;
  total: number;
  onChange: (params: PageParams) => void;
}): TablePaginationConfig {
  const { pageParams, total, onChange } = options;
  return {
    current: pageParams.page,
    pageSize: pageParams.pageSize,
    total,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showSizeChanger: true,
    onChange: (page, pageSize) => onChange({ page: pageSize === pageParams.pageSize ? page : 1, pageSize }),
  };
}
