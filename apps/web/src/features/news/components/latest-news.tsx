import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { newsQueryKey, useLatestNews } from '../api/get-news';
import '../news.css';
import { NewsItem } from './news-item';

/** Reloads the latest headlines (pull-to-refresh on the screen that shows them). */
export function refreshLatestNews(): Promise<unknown> {
  return queryClient.refetchQueries({ queryKey: [...newsQueryKey, 'latest'], type: 'active' });
}

/**
 * The latest headlines of every category, newest first, with a link to all news. A section for a
 * screen that composes it (home, explore); it brings no card or heading of its own.
 */
export function LatestNews() {
  const { t } = useTranslation();
  const latest = useLatestNews();
  if (!latest.data) {
    return latest.isError ? <QueryError onRetry={() => void latest.refetch()} /> : <PageLoading inline />;
  }
  return (
    <div className="latest-news">
      {latest.data.items.length === 0 ? (
        <p className="news-empty">{t('news.empty')}</p>
      ) : (
        <ul className="news-list" aria-label={t('news.latest')}>
          {latest.data.items.map((item) => (
            <NewsItem key={item.id} item={item} summary={false} />
          ))}
        </ul>
      )}
      <Link className="latest-news-all" to={paths.news.getHref()}>
        {t('news.all')}
      </Link>
    </div>
  );
}
