import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginRedirectState } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { StarIcon } from '../../../ui/market-icons';
import { useAddFavorite } from '../api/add-favorite';
import { useRemoveFavorite } from '../api/remove-favorite';

/**
 * The star in the detail screen's top bar: follows or unfollows the instrument. Anonymous visitors
 * are sent to the login first and come back here afterwards.
 */
export function FavoriteStar({ code, isFavorite }: { code: string; isFavorite: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const busy = add.isPending || remove.isPending;
  // The name says what a press does; the filled star shows the current state.
  const on = loggedIn && isFavorite;

  const toggle = () => {
    if (!loggedIn) {
      const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
      void navigate(paths.login.getHref(), { state });
      return;
    }
    if (on) remove.mutate(code, { onSuccess: () => showToast(t('market.favoriteRemoved')) });
    else add.mutate(code, { onSuccess: () => showToast(t('market.favoriteAdded')) });
  };

  return (
    <button
      type="button"
      className={on ? 'nav-bar-button favorite-star favorite-star-on' : 'nav-bar-button favorite-star'}
      aria-label={on ? t('market.removeFromFavorites') : t('market.addToFavorites')}
      disabled={busy}
      onClick={toggle}
    >
      <StarIcon filled={on} />
    </button>
  );
}
