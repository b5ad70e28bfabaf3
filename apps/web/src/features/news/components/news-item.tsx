import type { NewsListItem } from '@bourse/shared/schemas/news';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { displayLongDate } from '../../../ui/format-date';
import { useLanguage } from '../../../ui/use-language';

/** One headline: title (the link to the article), date, source, and the summary when `summary`. */
export function NewsItem({ item, summary = true }: { item: NewsListItem; summary?: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <li className="news-item">
      <Link className="news-item-title" to={paths.newsArticle.getHref(item.id)} lang={item.lang}>
        {item.title}
      </Link>
      {summary && item.summary && (
        <p className="news-item-summary" lang={item.lang}>
          {item.summary}
        </p>
      )}
      <div className="news-item-meta">
        <time dateTime={item.publishedAt}>{displayLongDate(item.publishedAt, lang)}</time>
        {item.source && <span>{t('news.source', { source: item.source })}</span>}
      </div>
    </li>
  );
}
