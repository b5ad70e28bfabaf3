import { App, Button, Card, Form, Input, Skeleton, Space, Switch, Typography, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@bourse/shared/languages';
import type { FeeSettings } from '@bourse/shared/schemas/settings-admin';
import { useDeploymentCurrency } from '../../../lib/deployment-currency.ts';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { useFeeSettings, type FeeSettingKey } from '../api/get-fee-settings.ts';
import { useUpdateFeeSettings } from '../api/update-fee-settings.ts';
import { PendingSettingsChanges } from './pending-settings-changes.tsx';
import {
  formatRatePercent,
  isAmount,
  isPercent,
  isRate,
  isRetentionDays,
  isRetentionHours,
  isTerms,
  normalizeAmount,
} from '../setting-values.ts';

type Kind = 'amount' | 'rate' | 'percent' | 'terms' | 'hours' | 'days' | 'switch';

/** The form's sections, in the order an operator thinks of them: money in and out, its controls, then trading. */
const GROUPS: ReadonlyArray<{
  key: 'limits' | 'moneyControls' | 'tradingFees' | 'tradingRules' | 'loans' | 'retention';
  fields: ReadonlyArray<[FeeSettingKey, Kind]>;
}> = [
  {
    key: 'limits',
    fields: [
      ['minDeposit', 'amount'],
      ['minTransfer', 'amount'],
      ['minWithdrawal', 'amount'],
      ['withdrawalFee', 'amount'],
    ],
  },
  {
    // Loosening one of these (like lowering a fee) waits for a second operator's approval.
    key: 'moneyControls',
    fields: [
      ['maxDeposit', 'amount'],
      ['maxDepositsPerDay', 'amount'],
      ['fourEyesThreshold', 'amount'],
    ],
  },
  {
    key: 'tradingFees',
    fields: [
      ['commissionRate', 'rate'],
      ['commissionMin', 'amount'],
      ['transactionFeeRate', 'rate'],
      ['stampDutyRate', 'rate'],
    ],
  },
  { key: 'tradingRules', fields: [['tPlusOne', 'switch']] },
  {
    // A higher limit for a member level waits for a second operator's approval, like a higher deposit maximum.
    key: 'loans',
    fields: [
      ['loanAnnualRate', 'percent'],
      ['loanTermsDays', 'terms'],
      ['loanLimitLevel1', 'amount'],
      ['loanLimitLevel2', 'amount'],
      ['loanLimitLevel3', 'amount'],
      ['loanLimitLevel4', 'amount'],
      ['loanLimitLevel5', 'amount'],
    ],
  },
  {
    // How long stored answers and sent notifications are kept (the retention job removes older ones).
    key: 'retention',
    fields: [
      ['idempotencyRetentionHours', 'hours'],
      ['outboxRetentionDays', 'days'],
    ],
  },
];

const KIND: Record<FeeSettingKey, Kind> = Object.fromEntries(GROUPS.flatMap((group) => group.fields)) as Record<
  FeeSettingKey,
  Kind
>;
const KEYS = GROUPS.flatMap((group) => group.fields.map(([key]) => key));

/** What is stored for a typed value: trimmed, amounts with exactly two decimals. */
function storedForm(kind: Kind, typed: string): string {
  const value = typed.trim();
  return kind === 'amount' ? normalizeAmount(value) : value;
}

/** The live percentage under a rate field, so "0.0025" is never mistaken for 0.25 or 25 %. */
function RatePercent({
  form,
  name,
  language,
}: {
  form: FormInstance<FeeSettings>;
  name: FeeSettingKey;
  language: Language;
}) {
  const { t } = useTranslation();
  const value = Form.useWatch(name, form);
  const percent = typeof value === 'string' ? formatRatePercent(value.trim(), language) : null;
  return percent === null ? t('admin.settings.rateHint') : t('admin.settings.ratePercent', { percent });
}

function SettingsForm({ stored }: { stored: FeeSettings }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { message, modal } = App.useApp();
  const currency = useDeploymentCurrency();
  const [form] = Form.useForm<FeeSettings>();
  const update = useUpdateFeeSettings();

  const label = (key: FeeSettingKey) => t(`admin.settings.fields.${key}`);
  const shown = (key: FeeSettingKey, value: string) => {
    if (KIND[key] === 'switch') return t(value === 'true' ? 'admin.settings.on' : 'admin.settings.off');
    const percent = KIND[key] === 'rate' ? formatRatePercent(value, language) : null;
    return percent === null ? value : `${value} (${percent})`;
  };

  const rule = (kind: Kind) => ({
    validator: (_rule: RuleObject, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return Promise.reject(new Error(t('admin.settings.required')));
      const check = {
        amount: [isAmount, 'admin.settings.amountInvalid'],
        rate: [isRate, 'admin.settings.rateInvalid'],
        percent: [isPercent, 'admin.settings.percentInvalid'],
        terms: [isTerms, 'admin.settings.termsInvalid'],
        hours: [isRetentionHours, 'admin.settings.hoursInvalid'],
        days: [isRetentionDays, 'admin.settings.daysInvalid'],
      } as const;
      const [valid, problem] = check[kind === 'switch' ? 'rate' : kind];
      if (valid(text)) return Promise.resolve();
      return Promise.reject(new Error(t(problem)));
    },
  });

  const submit = (values: FeeSettings) => {
    const changes = Object.fromEntries(
      KEYS.map((key) => [key, storedForm(KIND[key], values[key])] as const).filter(
        ([key, value]) => value !== stored[key],
      ),
    ) as Partial<FeeSettings>;
    const changed = KEYS.filter((key) => changes[key] !== undefined);
    if (changed.length === 0) {
      void message.info(t('admin.settings.noChanges'));
      return;
    }
    void modal.confirm({
      title: t('admin.settings.confirmTitle'),
      content: (
        <>
          <Typography.Paragraph>{t('admin.settings.confirmBody')}</Typography.Paragraph>
          <ul className="settings-changes">
            {changed.map((key) => (
              <li key={key}>
                {t('admin.settings.change', {
                  label: label(key),
                  from: shown(key, stored[key]),
                  to: shown(key, changes[key] ?? ''),
                })}
              </li>
            ))}
          </ul>
        </>
      ),
      okText: t('admin.settings.save'),
      cancelText: t('common.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        let answer;
        try {
          answer = await update.mutateAsync(changes);
        } catch {
          // The query client has shown the server's message; the typed values stay for correction.
          return;
        }
        // What loosens a money control waits for a second operator; the rest is stored now.
        const held = answer.pendingChange?.changes.length ?? 0;
        if (held < changed.length) void message.success(t('admin.settings.saved'));
        if (held > 0) void message.info(t('admin.settings.awaitingApproval'), 8);
      },
    });
  };

  return (
    <Form<FeeSettings> form={form} name="fee-settings" layout="vertical" initialValues={stored} onFinish={submit}>
      {GROUPS.map((group) => (
        <section key={group.key} aria-labelledby={`settings-${group.key}`} className="settings-group">
          <Typography.Title level={2} className="section-title" id={`settings-${group.key}`}>
            {t(`admin.settings.${group.key}`)}
          </Typography.Title>
          <div className="settings-fields">
            {group.fields.map(([key, kind]) =>
              kind === 'switch' ? (
                <Form.Item
                  key={key}
                  name={key}
                  label={label(key)}
                  extra={key === 'tPlusOne' ? t('admin.settings.tPlusOneHint') : undefined}
                  // Stored as the strings 'true' and 'false', shown as a switch.
                  getValueProps={(value: unknown) => ({ checked: value === 'true' })}
                  normalize={(checked: boolean) => (checked ? 'true' : 'false')}
                >
                  <Switch checkedChildren={t('admin.settings.on')} unCheckedChildren={t('admin.settings.off')} />
                </Form.Item>
              ) : (
                <Form.Item
                  key={key}
                  name={key}
                  label={label(key)}
                  rules={[rule(kind)]}
                  extra={
                    kind === 'rate' ? (
                      <RatePercent form={form} name={key} language={language} />
                    ) : kind === 'percent' ? (
                      t('admin.settings.percentHint')
                    ) : key === 'idempotencyRetentionHours' ? (
                      t('admin.settings.idempotencyRetentionHint')
                    ) : undefined
                  }
                >
                  {/* Text, not a number input: a number input would round through a float. An amount's
                    suffix is there from the start (antd remounts an input whose suffix appears later,
                    which would take the focus away mid-typing). */}
                  <Input
                    inputMode={kind === 'terms' ? 'text' : kind === 'hours' || kind === 'days' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    spellCheck={false}
                    suffix={kind === 'amount' ? (currency ?? ' ') : undefined}
                  />
                </Form.Item>
              ),
            )}
          </div>
        </section>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('admin.settings.save')}
        </Button>
        <Button htmlType="button" onClick={() => form.resetFields()}>
          {t('admin.settings.discard')}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * Fees and minimums for everyone. A change applies to what investors request from then on: a
 * pending withdrawal keeps the fee it was requested with (DESIGN §4, operator powers are bounded).
 * A change that loosens a money control waits for a second operator (PendingSettingsChanges).
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const settings = useFeeSettings();

  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.settings.title')}
      </Typography.Title>
      <PendingSettingsChanges />
      <Card className="section-card">
        <Typography.Paragraph>{t('admin.settings.intro')}</Typography.Paragraph>
        {settings.isError && <QueryErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.data ? (
          // A new form whenever new values are stored, so it shows them and "discard" returns to them.
          <SettingsForm key={settings.dataUpdatedAt} stored={settings.data} />
        ) : (
          settings.isPending && <Skeleton active />
        )}
      </Card>
    </div>
  );
}
