import { useTranslation } from 'react-i18next';
import { ExploreRoute } from '../features/explore/routes/explore-route';
import { LatestNews } from '../features/news/components/latest-news';

/** The latest headlines as /explore shows them: a section of its own with a heading. */
function ExploreNews() {
  const { t } = useTranslation();
  return (
    <section className="explore-section" aria-labelledby="explore-news">
      <h2 id="explore-news" className="card-title">
        {t('news.latest')}
      </h2>
      <LatestNews />
    </section>
  );
}

/** /explore composed: the market overview for visitors, with the latest news as its news section. */
export function ExploreScreen() {
  return <ExploreRoute newsSection={<ExploreNews />} />;
}
