import type { ReactNode } from 'react';
import { DotLoading, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Loading of the next page starts this far before the end of the list (product spec §9). */
export const LIST_PRELOAD_OFFSET_PX = 300;

export interface RefreshListProps {
  /** Pull-to-refresh: reloads the first page; the spinner stays until the promise settles. */
  onRefresh: () => Promise<unknown>;
  /** Loads the next page when the end of the list comes near; omit for lists without pages. */
  onLoad?: () => Promise<unknown>;
  /** Whether another page exists (only with onLoad). */
  hasMore?: boolean;
  /** Shown when every page is loaded (defaults to "No more data"). */
  finishedText?: ReactNode;
  /** Shown while the next page loads (defaults to "Loading…"). */
  loadingText?: ReactNode;
  /** True when the list has no items at all: shows "No data available" instead of the end text. */
  empty?: boolean;
  children?: ReactNode;
}

/**
 * A list with pull-to-refresh and load-more, on antd-mobile PullToRefresh and InfiniteScroll, with
 * every text from the catalog.
 */
export function RefreshList({
  onRefresh,
  onLoad,
  hasMore = false,
  finishedText,
  loadingText,
  empty = false,
  children,
}: RefreshListProps) {
  const { t } = useTranslation();
  const loadingLabel = loadingText ?? t('common.loading');
  const finishedLabel = finishedText ?? t('common.noMore');

  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('common.pullToRefresh')}
      canReleaseText={t('common.releaseToRefresh')}
      refreshingText={t('common.refreshing')}
      completeText={t('common.refreshed')}
    >
      {children}
      {onLoad ? (
        <InfiniteScroll
          hasMore={hasMore}
          threshold={LIST_PRELOAD_OFFSET_PX}
          loadMore={async () => {
            await onLoad();
          }}
        >
          {(more, failed, retry) => (
            <div className="refresh-list-footer" role="status">
              {failed ? (
                <button type="button" className="link-button" onClick={retry}>
                  {t('common.retry')}
                </button>
              ) : more ? (
                <>
                  <span>{loadingLabel}</span>
                  <DotLoading color="currentColor" aria-hidden="true" />
                </>
              ) : (
                <span>{empty ? t('common.noData') : finishedLabel}</span>
              )}
            </div>
          )}
        </InfiniteScroll>
      ) : (
        empty && (
          <div className="refresh-list-footer" role="status">
            {t('common.noData')}
          </div>
        )
      )}
    </PullToRefresh>
  );
}
