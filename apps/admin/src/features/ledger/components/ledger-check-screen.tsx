import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@bourse/shared/format';
import { DEFAULT_LANGUAGE, isLanguage } from '@bourse/shared/languages';
import type { LedgerReport } from '@bourse/shared/schemas/admin';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { useVerifyLedger } from '../api/verify-ledger.ts';

function LedgerReportView({ report }: { report: LedgerReport }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const count = (value: number) => formatNumber(value, language);
  return (
    <Space orientation="vertical" size="middle" className="ledger-report">
      {report.ok ? (
        <Alert type="success" showIcon title={t('admin.ledger.okTitle')} description={t('admin.ledger.okBody')} />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('admin.ledger.problemsTitle', { found: count(report.problems.length) })}
          description={t('admin.ledger.problemsBody')}
        />
      )}
      <Descriptions
        title={t('admin.ledger.checked')}
        column={{ xs: 1, sm: 2, lg: 4 }}
        bordered
        size="small"
        items={(['accounts', 'entries', 'postings', 'holds'] as const).map((key) => ({
          key,
          label: t(`admin.ledger.counts.${key}`),
          children: count(report.checked[key]),
        }))}
      />
      {report.problems.length > 0 && (
        <section aria-labelledby="ledger-problems">
          <Typography.Title level={2} className="section-title" id="ledger-problems">
            {t('admin.ledger.problems')}
          </Typography.Title>
          {/* The server's own wording: exact account and entry references for whoever investigates. */}
          <ol className="ledger-problems">
            {report.problems.map((problem, index) => (
              <li key={index}>
                <code className="mono">{problem}</code>
              </li>
            ))}
          </ol>
        </section>
      )}
    </Space>
  );
}

/** Runs the double-entry check on demand and shows what was checked and anything found wrong. */
export function LedgerCheckScreen() {
  const { t } = useTranslation();
  const verify = useVerifyLedger();

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.ledger.title')}
      </Typography.Title>
      <Card className="section-card">
        <Space orientation="vertical" size="large" className="ledger-check">
          <Typography.Paragraph className="ledger-check__intro">{t('admin.ledger.intro')}</Typography.Paragraph>
          <Button type="primary" onClick={() => verify.mutate()} loading={verify.isPending}>
            {t('admin.ledger.verify')}
          </Button>
          {verify.isError && <QueryErrorAlert error={verify.error} onRetry={() => verify.mutate()} />}
          {/* Announced when a new result replaces the last one. */}
          <div aria-live="polite">{verify.data && !verify.isPending && <LedgerReportView report={verify.data} />}</div>
        </Space>
      </Card>
    </div>
  );
}
