import { paths } from '../../../lib/paths';
import { NEWS_CATEGORIES, type NewsCategory } from '@bourse/shared/schemas/news';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { TabList, tabPanelProps } from '../../../ui/tab-list';
import { useNewsList } from '../api/get-news';
import { NewsItem } from '../components/news-item';
import '../news.css';

const isCategory = (value: string | null): value is NewsCategory =>
  value !== null && (NEWS_CATEGORIES as readonly string[]).includes(value);

/** /news: published articles by category (`?category=`, company news first), newest first. */
export function NewsListRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('category');
  const category: NewsCategory = isCategory(raw) ? raw : 'company';
  return (
    <Page title={t('news.title')}>
      <TabList
        idPrefix="news-category"
        className="news-tabs"
        label={t('news.title')}
        items={NEWS_CATEGORIES.map((key) => ({ key, label: t(`news.categories.${key}`) }))}
        value={category}
        onChange={(next) => setSearchParams(next === 'company' ? {} : { category: next }, { replace: true })}
      />
      <div {...tabPanelProps('news-category', category)}>
        <CategoryList key={category} category={category} />
      </div>
    </Page>
  );
}

function CategoryList({ category }: { category: NewsCategory }) {
  const { t } = useTranslation();
  const news = useNewsList(category);
  if (!news.data) {
    return news.isError ? <QueryError onRetry={() => void news.refetch()} /> : <PageLoading inline />;
  }
  const items = news.data.pages.flatMap((page) => page.items);
  return (
    <RefreshList
      onRefresh={() => news.refetch()}
      onLoad={() => news.fetchNextPage()}
      hasMore={news.hasNextPage}
      empty={items.length === 0 && !news.hasNextPage}
      emptyText={t('news.empty')}
      emptyAction={{ label: t('emptyStates.exploreMarket'), to: paths.market.getHref() }}
    >
      {items.length > 0 && (
        <ul className="news-list news-list-page" aria-label={t(`news.categories.${category}`)}>
          {items.map((item) => (
            <NewsItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </RefreshList>
  );
}
