import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAssets } from '../../../lib/api/get-assets';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { useCards } from '../api/get-cards';
import { NoCardNotice } from '../components/no-card-notice';
import { WithdrawForm } from '../components/withdraw-form';

/**
 * /withdraw: money out to a bound card. Needs a card and a trading password; the screen says how to
 * get either when it is missing.
 */
export function WithdrawRoute() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const cards = useCards();
  const assets = useAssets();

  let content;
  if (!cards.data || !assets.data || !user.data) {
    content =
      cards.isError || assets.isError || user.isError ? (
        <div className="wallet-content">
          <QueryError onRetry={() => void Promise.all([cards.refetch(), assets.refetch(), user.refetch()])} />
        </div>
      ) : (
        <PageLoading />
      );
  } else if (cards.data.length === 0) {
    content = <NoCardNotice body={t('wallet.withdraw.noCard')} />;
  } else if (!user.data.hasTradingPassword) {
    content = (
      <div className="notice-card">
        <p>{t('wallet.withdraw.noTradingPassword')}</p>
        <Link className="button-link" to={paths.payPassword.getHref()}>
          {t('wallet.withdraw.setTradingPassword')}
        </Link>
      </div>
    );
  } else {
    content = (
      <WithdrawForm
        cards={cards.data}
        withdrawable={assets.data.withdrawable}
        onStale={() => void Promise.all([cards.refetch(), assets.refetch(), user.refetch()])}
      />
    );
  }

  return (
    <Page
      title={t('wallet.withdraw.title')}
      right={
        <Link className="nav-bar-link" to={paths.bankRecord.getHref({ direction: 'out' })}>
          {t('wallet.records.short')}
        </Link>
      }
    >
      {content}
    </Page>
  );
}
