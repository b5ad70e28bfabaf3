import { z } from 'zod';
import { page } from '@bourse/shared/schemas/common';

/** What a paged investor list gives a screen: the items of one page and whether another follows. */
export interface ListPage<T> {
  items: T[];
  hasMore: boolean;
}

/**
 * The schema of one page of an investor list (`?page=&pageSize=`). The server answers either the
 * page object (`{ items, total, page, pageSize }`) or the plain array of the page's items; both
 * become a ListPage. Without a total, a full page means another may follow.
 */
export function listPage<T extends z.ZodType>(item: T, pageSize: number) {
  return z
    .union([page(item), z.array(item)])
    .transform((answer): ListPage<z.infer<T>> =>
      Array.isArray(answer)
        ? { items: answer, hasMore: answer.length >= pageSize }
        : { items: answer.items, hasMore: answer.page * answer.pageSize < answer.total },
    );
}
