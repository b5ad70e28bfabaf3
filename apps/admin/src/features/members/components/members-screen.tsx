import { App, Button, Card, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMemberTier, CreditPointRule } from '@bourse/shared/schemas/members';
import { useCurrentOperator } from '../../../lib/operator-context.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { useRules } from '../api/rules.ts';
import { useTiers, useUpdateTiers } from '../api/tiers.ts';
import { memberLevelName } from '@bourse/shared/schemas/members';
import { firstBadTier } from '../member-values.ts';
import { RuleEditDialog } from './rule-edit-dialog.tsx';
import { ConsoleTable } from '../../../ui/console-table.tsx';

/** Who may change rules and tiers; compliance reads them. Mirrors the server's role check. */
const EDITORS = ['admin', 'finance'];

function RulesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const rules = useRules();
  const [editing, setEditing] = useState<CreditPointRule | null>(null);
  return (
    <Card className="section-card">
      <section aria-labelledby="member-rules">
        <Typography.Title level={2} className="section-title" id="member-rules">
          {t('admin.members.rulesTitle')}
        </Typography.Title>
        {rules.isError && <QueryErrorAlert error={rules.error} onRetry={() => void rules.refetch()} />}
        <ConsoleTable<CreditPointRule>
          rowKey="code"
          loading={rules.isFetching}
          dataSource={rules.data ?? []}
          pagination={false}
          columns={[
            { key: 'rule', title: t('admin.members.rule'), render: (_, rule) => t(`members.rules.${rule.code}`) },
            {
              key: 'direction',
              title: t('admin.members.points'),
              render: (_, rule) => (
                <>
                  <Typography.Text strong>{rule.points > 0 ? `+${rule.points}` : rule.points}</Typography.Text>{' '}
                  <Tag color={rule.deducts ? 'red' : 'green'}>
                    {rule.deducts ? t('admin.members.deducts') : t('admin.members.awards')}
                  </Tag>
                </>
              ),
            },
            {
              key: 'status',
              title: t('admin.members.status'),
              render: (_, rule) => (
                <Tag color={rule.active ? 'blue' : 'default'}>
                  {rule.active ? t('admin.members.active') : t('admin.members.inactive')}
                </Tag>
              ),
            },
            {
              key: 'updated',
              title: t('admin.members.updated'),
              render: (_, rule) =>
                rule.updatedAt ? (
                  <>
                    <DateTime value={rule.updatedAt} /> · {rule.updatedBy}
                  </>
                ) : (
                  t('admin.members.never')
                ),
            },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    title: '',
                    render: (_: unknown, rule: CreditPointRule) => (
                      <Button
                        size="small"
                        onClick={() => setEditing(rule)}
                        aria-label={`${t('admin.members.edit')}: ${t(`members.rules.${rule.code}`)}`}
                      >
                        {t('admin.members.edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </section>
      <RuleEditDialog rule={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

type TierFormValues = Record<`level${number}`, string>;

function TiersForm({ tiers, canEdit }: { tiers: AdminMemberTier[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TierFormValues>();
  const update = useUpdateTiers();
  const initial = Object.fromEntries(tiers.map((tier) => [`level${tier.level}`, tier.minTotalAssets]));
  const minimumsOf = (values: TierFormValues) => tiers.map((tier) => String(values[`level${tier.level}`] ?? ''));

  const submit = (values: TierFormValues) => {
    const minimums = minimumsOf(values);
    update.mutate(
      { tiers: tiers.map((tier, index) => ({ level: tier.level, minTotalAssets: minimums[index]!.trim() })) },
      { onSuccess: () => void message.success(t('admin.members.tiersSaved')) },
    );
  };

  return (
    <Form<TierFormValues> form={form} name="member-tiers" layout="vertical" initialValues={initial} onFinish={submit}>
      {tiers.map((tier, index) => (
        <Form.Item
          key={tier.level}
          name={`level${tier.level}`}
          label={`${t('admin.members.level')} ${tier.level} · ${memberLevelName(t, tier.level)}`}
          dependencies={tiers.filter((other) => other.level !== tier.level).map((other) => `level${other.level}`)}
          rules={[
            ({ getFieldsValue }) => ({
              validator: () => {
                const bad = firstBadTier(minimumsOf(getFieldsValue() as TierFormValues));
                return bad === index ? Promise.reject(new Error(t('errors.MEMBER_TIERS_INVALID'))) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" disabled={!canEdit || tier.level === 1} />
        </Form.Item>
      ))}
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('admin.members.save')}
        </Button>
      )}
    </Form>
  );
}

function TiersCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const tiers = useTiers();
  return (
    <Card className="section-card">
      <section aria-labelledby="member-tiers">
        <Typography.Title level={2} className="section-title" id="member-tiers">
          {t('admin.members.tiersTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('admin.members.tiersHint')}</Typography.Paragraph>
        {tiers.isError && <QueryErrorAlert error={tiers.error} onRetry={() => void tiers.refetch()} />}
        {tiers.data ? (
          <TiersForm key={tiers.dataUpdatedAt} tiers={tiers.data} canEdit={canEdit} />
        ) : (
          tiers.isPending && <Skeleton active />
        )}
      </section>
    </Card>
  );
}

/** Points & levels: the credit point rules and the member level tiers (changes audited on the server). */
export function MembersScreen() {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const canEdit = operator.roles.some((role) => EDITORS.includes(role));
  return (
    <div className="screen">
      <Typography.Title level={1} className="screen-title">
        {t('admin.members.title')}
      </Typography.Title>
      <RulesCard canEdit={canEdit} />
      <TiersCard canEdit={canEdit} />
    </div>
  );
}
