import { App, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreditPointRule } from '@bourse/shared/schemas/members';
import { useUpdateRule } from '../api/rules.ts';
import { isRulePoints } from '../member-values.ts';

interface RuleFormValues {
  points: string;
  active: boolean;
}

/** Edits one rule's points and whether it is active; only what changed is sent (and audited). */
export function RuleEditDialog({ rule, onClose }: { rule: CreditPointRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RuleFormValues>();
  const update = useUpdateRule();
  const hint = rule?.deducts ? t('admin.members.pointsHintDeduct') : t('admin.members.pointsHintAward');

  const submit = (values: RuleFormValues) => {
    if (!rule) return;
    const points = Number(values.points.trim());
    const patch = {
      ...(points !== rule.points ? { points } : {}),
      ...(values.active !== rule.active ? { active: values.active } : {}),
    };
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { code: rule.code, patch },
      {
        onSuccess: () => {
          void message.success(t('admin.members.ruleSaved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={rule !== null}
      title={rule ? t(`members.rules.${rule.code}`) : ''}
      okText={t('admin.members.save')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {rule && (
        <Form<RuleFormValues>
          form={form}
          name="member-rule"
          layout="vertical"
          initialValues={{ points: String(rule.points), active: rule.active }}
          onFinish={submit}
        >
          <Form.Item
            name="points"
            label={t('admin.members.points')}
            extra={hint}
            rules={[
              {
                validator: (_rule, value: unknown) =>
                  typeof value === 'string' && isRulePoints(value, rule.deducts)
                    ? Promise.resolve()
                    : Promise.reject(new Error(hint)),
              },
            ]}
          >
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Form.Item name="active" label={t('admin.members.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
