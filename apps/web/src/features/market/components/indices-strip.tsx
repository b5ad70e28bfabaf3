import type { InstrumentListItem } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useInView } from '../../../ui/use-in-view';
import { useLiveItem } from '../use-live-item';
import { useMarketFormat } from '../use-market-format';
import { ChangeText } from './change-text';

function IndexCard({ item }: { item: InstrumentListItem }) {
  const [ref, inView] = useInView<HTMLLIElement>();
  const format = useMarketFormat();
  const current = useLiveItem(item, inView);
  return (
    <li ref={ref} className="index-card">
      <Link className="index-card-link" to={paths.detail.getHref(current.code)}>
        <span className="index-card-name">{current.name}</span>
        <span className="index-card-last">{format.price(current.last)}</span>
        <span className="index-card-change">
          <ChangeText value={current.change} kind="price" /> <ChangeText value={current.changePct} kind="percent" />
        </span>
      </Link>
    </li>
  );
}

/** The market indices side by side (scrolls sideways on narrow screens), live. */
export function IndicesStrip({ indices }: { indices: readonly InstrumentListItem[] }) {
  const { t } = useTranslation();
  if (indices.length === 0) return null;
  return (
    <section className="indices" aria-labelledby="home-indices-title">
      <h2 id="home-indices-title" className="visually-hidden">
        {t('market.indices')}
      </h2>
      <ul className="indices-strip">
        {indices.map((item) => (
          <IndexCard key={item.code} item={item} />
        ))}
      </ul>
    </section>
  );
}
