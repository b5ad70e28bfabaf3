import { useState } from 'react';
import { Button, Card } from 'antd-mobile';
import type { InstrumentListItem } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { ArrowDownIcon, ArrowUpIcon, RemoveIcon } from '../../../ui/market-icons';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { useRemoveFavorite } from '../api/remove-favorite';
import { useReorderFavorites } from '../api/reorder-favorites';
import { InstrumentBadge } from './instrument-badge';
import { QuoteList } from './quote-list';

/** `codes` with the entry at `index` swapped with its neighbour in `direction`. */
export function moveCode(codes: readonly string[], index: number, direction: -1 | 1): string[] {
  const target = index + direction;
  if (target < 0 || target >= codes.length) return [...codes];
  const next = [...codes];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function EditableFavorites({ items }: { items: readonly InstrumentListItem[] }) {
  const { t } = useTranslation();
  const reorder = useReorderFavorites();
  const remove = useRemoveFavorite();
  const codes = items.map((item) => item.code);

  const move = (index: number, direction: -1 | 1) => {
    reorder.mutate(moveCode(codes, index, direction));
    // The row moved (and lost the focus with it): give the focus back to the same button, or to
    // the other arrow when the row reached the end of the list.
    const code = codes[index];
    requestAnimationFrame(() => {
      const same = document.getElementById(`favorite-${direction < 0 ? 'up' : 'down'}-${code}`);
      const other = document.getElementById(`favorite-${direction < 0 ? 'down' : 'up'}-${code}`);
      (same && !(same as HTMLButtonElement).disabled ? same : other)?.focus();
    });
  };

  return (
    <ul className="favorites-edit" aria-label={t('market.favorites')}>
      {items.map((item, index) => (
        <li key={item.code} className="favorites-edit-row">
          <InstrumentBadge name={item.name} code={item.code} />
          <span className="quote-row-names">
            <span className="quote-row-name">{item.name}</span>
            <span className="quote-row-code">{item.code}</span>
          </span>
          <span className="favorites-edit-actions">
            <button
              id={`favorite-up-${item.code}`}
              type="button"
              className="icon-button"
              aria-label={t('market.moveUp', { name: item.name })}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <ArrowUpIcon />
            </button>
            <button
              id={`favorite-down-${item.code}`}
              type="button"
              className="icon-button"
              aria-label={t('market.moveDown', { name: item.name })}
              disabled={index === items.length - 1}
              onClick={() => move(index, 1)}
            >
              <ArrowDownIcon />
            </button>
            <button
              type="button"
              className="icon-button icon-button-danger"
              aria-label={t('market.removeFavorite', { name: item.name })}
              disabled={remove.isPending && remove.variables === item.code}
              onClick={() => remove.mutate(item.code, { onSuccess: () => showToast(t('market.favoriteRemoved')) })}
            >
              <RemoveIcon />
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The user's favorites, live; in edit mode they can be moved up and down or removed. */
export function FavoritesCard({
  items,
  isError,
  onRetry,
}: {
  items: readonly InstrumentListItem[] | undefined;
  isError: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editable = editing && items !== undefined && items.length > 0;

  return (
    <Card
      className="home-card market-card"
      title={<h2 className="card-title">{t('market.favorites')}</h2>}
      extra={
        items && items.length > 0 ? (
          <Button size="mini" fill="outline" color="primary" onClick={() => setEditing(!editing)}>
            {editing ? t('market.doneEditing') : t('market.editFavorites')}
          </Button>
        ) : undefined
      }
    >
      {items === undefined ? (
        isError ? (
          <QueryError onRetry={onRetry} />
        ) : (
          <PageLoading inline />
        )
      ) : items.length === 0 ? (
        <p className="market-empty">{t('market.favoritesEmpty')}</p>
      ) : editable ? (
        <EditableFavorites items={items} />
      ) : (
        <QuoteList items={items} label={t('market.favorites')} />
      )}
    </Card>
  );
}
