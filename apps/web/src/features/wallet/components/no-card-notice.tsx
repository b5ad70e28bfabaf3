import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

/** Shown instead of a form that needs a bound bank account when there is none yet. */
export function NoCardNotice({ body }: { body: string }) {
  const { t } = useTranslation();
  return (
    <div className="notice-card">
      <p>{body}</p>
      <Link className="button-link" to={paths.bindCard.getHref()}>
        {t('wallet.cards.bind')}
      </Link>
    </div>
  );
}
