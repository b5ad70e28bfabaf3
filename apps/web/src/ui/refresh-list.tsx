import { useState, type ReactNode } from 'react';
import { DotLoading, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState, type EmptyAction } from './empty-state';

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
  /**
   * True when the list has no items at all: shows the empty state (`emptyText`, or "No data
   * available", and the `emptyAction` button) instead of the end text.
   */
  empty?: boolean;
  /** What the empty list says: what is missing and what to do next. */
  emptyText?: ReactNode;
  /** The button of the empty state, to the screen where the investor does it (`{ label, to }`). */
  emptyAction?: EmptyAction | undefined;
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
  emptyText,
  emptyAction,
  children,
}: RefreshListProps) {
  const { t } = useTranslation();
  // Whether a next page is being fetched. The footer says "Loading…" whenever more pages exist (the next
  // one loads as soon as it comes near), but the animated dots run only while a fetch is in flight: the
  // dots are an SVG animation that repaints the whole page at every frame even off screen, which kept a
  // long list's page busy for as long as it stayed open (issue 17, the market page's blocking time).
  const [loadingMore, setLoadingMore] = useState(false);
  const emptyState = <EmptyState text={emptyText ?? t('common.noData')} action={emptyAction} />;
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
            setLoadingMore(true);
            try {
              await onLoad();
            } finally {
              setLoadingMore(false);
            }
          }}
        >
          {(more, failed, retry) =>
            !failed && !more && empty ? (
              emptyState
            ) : (
              <div className="refresh-list-footer" role="status">
                {failed ? (
                  <button type="button" className="link-button" onClick={retry}>
                    {t('common.retry')}
                  </button>
                ) : more ? (
                  <>
                    <span>{loadingLabel}</span>
                    {loadingMore && <DotLoading color="currentColor" aria-hidden="true" />}
                  </>
                ) : (
                  <span>{finishedLabel}</span>
                )}
              </div>
            )
          }
        </InfiniteScroll>
      ) : (
        empty && emptyState
      )}
    </PullToRefresh>
  );
}
