import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useLoans } from '../api/loans';
import '../loans.css';
import { LoanItem } from '../components/loan-item';

/** /loan/records: the investor's loans with their status (the spec's "no record" when there is none). */
export function LoanRecordsRoute() {
  const { t } = useTranslation();
  const loans = useLoans();
  let content;
  if (!loans.data) {
    content = loans.isError ? <QueryError onRetry={() => void loans.refetch()} /> : <PageLoading />;
  } else {
    const items = loans.data.pages.flatMap((page) => page.items);
    content = (
      <RefreshList
        onRefresh={() => loans.refetch()}
        onLoad={() => loans.fetchNextPage()}
        hasMore={loans.hasNextPage}
        empty={items.length === 0 && !loans.hasNextPage}
        emptyText={t('emptyStates.loans')}
        emptyAction={{ label: t('loans.apply'), to: paths.loan.getHref() }}
      >
        {items.length > 0 && (
          <ul className="offer-list" aria-label={t('loans.records')}>
            {items.map((loan) => (
              <LoanItem key={loan.id} loan={loan} />
            ))}
          </ul>
        )}
      </RefreshList>
    );
  }
  return (
    <Page
      title={t('loans.records')}
      right={
        <Link className="nav-bar-link" to={paths.loan.getHref()}>
          {t('loans.apply')}
        </Link>
      }
    >
      {content}
    </Page>
  );
}
