import { Alert, App, Button, Drawer, Form, Input, Space, Typography } from 'antd';
import type { RuleObject, RuleRender } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@bourse/shared/format';
import type { AdminBlockOffer } from '@bourse/shared/schemas/blocktrade';
import { currentLanguage } from '../../../lib/i18n.ts';
import { localInputToIso } from '../../../lib/local-date-time.ts';
import { ApiError } from '../../../lib/request.ts';
import { browserTimeZone } from '../../../ui/date-time.tsx';
import { useCreateBlockOffer } from '../api/create-block-offer.ts';
import { useUpdateBlockOffer } from '../api/update-block-offer.ts';
import {
  QUANTITY_MAX,
  bodyOf,
  isCode,
  isPrice,
  isQuantity,
  patchOf,
  takenOf,
  termsLocked,
  valuesOf,
  type OfferFormValues,
} from '../offer-values.ts';

/** What a cross-field rule reads of the form. */
type FormReader = Parameters<RuleRender>[0];

/** A field's text as typed, trimmed ('' when empty). */
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A new offer, or an edit of an open one. */
export type OfferFormTarget = { mode: 'create' } | { mode: 'edit'; offer: AdminBlockOffer };

function OfferForm({ target, onDone }: { target: OfferFormTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OfferFormValues>();
  const create = useCreateBlockOffer();
  const update = useUpdateBlockOffer();
  const editing = target.mode === 'edit' ? target.offer : null;
  const locked = editing !== null && termsLocked(editing);
  const error = editing ? update.error : create.error;
  const pending = editing ? update.isPending : create.isPending;

  const reject = (text: string) => Promise.reject(new Error(text));
  const check = (test: (value: string) => boolean, problem: string) => ({
    validator: (_rule: RuleObject, value: unknown) => {
      const typed = typeof value === 'string' ? value.trim() : '';
      if (typed === '') return reject(t('admin.blockTrades.validation.required'));
      return test(typed) ? Promise.resolve() : reject(problem);
    },
  });
  const max = formatNumber(QUANTITY_MAX, currentLanguage());
  const quantityRule = check(isQuantity, t('admin.blockTrades.validation.wholeNumber', { max }));
  const leftRule = check(
    (text) => isQuantity(text, { zero: true }),
    t('admin.blockTrades.validation.quantityOrZero', { max }),
  );
  const timeRule = check((text) => localInputToIso(text) !== null, t('admin.blockTrades.validation.dateTime'));
  /** The most the minimum may be: the shares offered (an edit: those taken plus those left). */
  const capOf = (getFieldValue: FormReader['getFieldValue']): number | null => {
    if (!editing) {
      const text = textOf(getFieldValue('totalQuantity'));
      return isQuantity(text) ? Number(text) : null;
    }
    const text = textOf(getFieldValue('availableQuantity'));
    return isQuantity(text, { zero: true }) ? takenOf(editing) + Number(text) : null;
  };

  const submit = (values: OfferFormValues) => {
    if (!editing) {
      const body = bodyOf(values);
      create.mutate(body, {
        onSuccess: () => {
          void message.success(t('admin.blockTrades.offerCreated', { code: body.code }));
          onDone();
        },
      });
      return;
    }
    const patch = patchOf(editing, values);
    if (Object.keys(patch).length === 0) {
      void message.info(t('admin.blockTrades.noChanges'));
      return;
    }
    update.mutate(
      { offerId: editing.id, patch },
      {
        onSuccess: () => {
          void message.success(t('admin.blockTrades.saved', { id: editing.id }));
          onDone();
        },
      },
    );
  };

  const lockedExtra = locked ? { extra: t('admin.blockTrades.lockedField') } : {};

  return (
    <Form<OfferFormValues>
      form={form}
      name="block-offer"
      layout="vertical"
      onFinish={submit}
      initialValues={editing ? valuesOf(editing) : {}}
      className="instrument-form"
    >
      {locked && (
        <Alert
          type="info"
          showIcon
          className="section-error"
          title={t('admin.blockTrades.termsLocked', { orders: editing.pendingOrders })}
        />
      )}
      <div className="instrument-form__grid">
        {!editing && (
          <Form.Item
            name="code"
            required
            label={t('admin.blockTrades.fields.code')}
            normalize={(value: string) => value.toUpperCase()}
            rules={[check(isCode, t('admin.blockTrades.validation.code'))]}
          >
            <Input maxLength={12} autoComplete="off" spellCheck={false} className="mono" />
          </Form.Item>
        )}
        <Form.Item
          name="price"
          required
          label={t('admin.blockTrades.fields.price')}
          rules={[check(isPrice, t('admin.blockTrades.validation.price'))]}
          {...lockedExtra}
        >
          <Input inputMode="decimal" autoComplete="off" disabled={locked} />
        </Form.Item>
        {editing ? (
          <Form.Item
            name="availableQuantity"
            required
            label={t('admin.blockTrades.fields.availableQuantity')}
            rules={[leftRule]}
          >
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item
            name="totalQuantity"
            required
            label={t('admin.blockTrades.fields.totalQuantity')}
            rules={[quantityRule]}
          >
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="minQuantity"
          required
          label={t('admin.blockTrades.fields.minQuantity')}
          dependencies={[editing ? 'availableQuantity' : 'totalQuantity']}
          rules={[
            quantityRule,
            // The smallest order cannot exceed what is offered.
            ({ getFieldValue }: FormReader) => ({
              validator: (_rule: RuleObject, value: unknown) => {
                const text = textOf(value);
                const cap = capOf(getFieldValue);
                return isQuantity(text) && cap !== null && Number(text) > cap
                  ? reject(t('admin.blockTrades.validation.minAboveTotal'))
                  : Promise.resolve();
              },
            }),
          ]}
          {...lockedExtra}
        >
          <Input inputMode="numeric" autoComplete="off" disabled={locked} />
        </Form.Item>
      </div>
      <Typography.Paragraph type="secondary">
        {t('admin.blockTrades.timesHint', { zone: browserTimeZone })}
      </Typography.Paragraph>
      <div className="instrument-form__grid">
        <Form.Item name="startsAt" required label={t('admin.blockTrades.fields.startsAt')} rules={[timeRule]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item
          name="endsAt"
          required
          label={t('admin.blockTrades.fields.endsAt')}
          dependencies={['startsAt']}
          rules={[
            timeRule,
            ({ getFieldValue }: FormReader) => ({
              validator: (_rule: RuleObject, value: unknown) => {
                const ends = localInputToIso(textOf(value));
                const starts = localInputToIso(textOf(getFieldValue('startsAt')));
                return ends !== null && starts !== null && ends <= starts
                  ? reject(t('admin.blockTrades.validation.endOrder'))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <Input type="datetime-local" />
        </Form.Item>
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="section-error"
          title={error instanceof ApiError ? error.msg : t('errors.INTERNAL')}
        />
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={pending}>
          {editing ? t('admin.blockTrades.save') : t('admin.blockTrades.createSubmit')}
        </Button>
        <Button htmlType="button" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * Lists a new block-trade offer (instrument, price, minimum order, quantity and window), or edits an
 * open one prefilled with its terms: price and minimum stay locked while orders on them are pending.
 */
export function BlockOfferFormDrawer({ target, onClose }: { target: OfferFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const title =
    target?.mode === 'edit'
      ? t('admin.blockTrades.editTitle', { id: target.offer.id, code: target.offer.code })
      : t('admin.blockTrades.createTitle');
  return (
    <Drawer open={target !== null} onClose={onClose} size={640} destroyOnHidden title={title}>
      {target && <OfferForm target={target} onDone={onClose} />}
    </Drawer>
  );
}
