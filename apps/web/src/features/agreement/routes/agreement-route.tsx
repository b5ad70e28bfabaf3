import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAgreementConsent } from '../../../lib/agreement-consent';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { displayLongDate } from '../../../ui/format-date';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { agreementQueryOptions } from '../api/get-agreement';

/** The user agreement in the interface language, with an Accept button that returns to the caller. */
export function AgreementRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const language = useSessionStore((state) => state.language);
  const setAccepted = useAgreementConsent((state) => state.setAccepted);
  const agreement = useQuery(agreementQueryOptions(language));

  const accept = () => {
    setAccepted(true);
    // 'default' marks the first entry of this visit: nothing to go back to, so start at the root.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.root.getHref(), { replace: true });
  };

  const data = agreement.data;
  return (
    <Page title={data?.title ?? t('agreement.title')} className="agreement-page">
      {agreement.isPending && <PageLoading />}
      {agreement.isError && <QueryError onRetry={() => void agreement.refetch()} />}
      {data && (
        <article className="agreement" lang={data.lang}>
          <p className="agreement-updated">
            {t('agreement.updated', { date: displayLongDate(data.updated, language) })}
          </p>
          <p className="agreement-intro">{data.intro}</p>
          {data.sections.map((section) => (
            <section key={section.id} className="agreement-section" aria-labelledby={`agreement-${section.id}`}>
              <h2 id={`agreement-${section.id}`}>{section.title}</h2>
              {section.body.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          ))}
        </article>
      )}
      <div className="sticky-actions">
        <Button color="primary" size="large" block onClick={accept} disabled={!data}>
          {t('agreement.accept')}
        </Button>
      </div>
    </Page>
  );
}
