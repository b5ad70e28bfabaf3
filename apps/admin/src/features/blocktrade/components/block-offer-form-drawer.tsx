import { Alert, App, Button, Drawer, Form, Input, Space, Typography } from 'antd';
import type { RuleObject, RuleRender } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { parsePrice } from '@bourse/shared/price';
import { blockOfferBody } from '@bourse/shared/schemas/blocktrade';
import { localInputToIso } from '../../../lib/local-date-time.ts';
import { ApiError } from '../../../lib/request.ts';
import { browserTimeZone } from '../../../ui/date-time.tsx';
import { useCreateBlockOffer } from '../api/create-block-offer.ts';

/** What a cross-field rule reads of the form. */
type FormReader = Parameters<RuleRender>[0];

/** A field's text as typed, trimmed ('' when empty). */
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The server's largest quantity (`blockOfferBody`). */
const QUANTITY_MAX = 1e12;

/** Text as typed; times are the operator's wall clock (`YYYY-MM-DDTHH:mm`). */
interface OfferFormValues {
  code?: string;
  price?: string;
  minQuantity?: string;
  totalQuantity?: string;
  startsAt?: string;
  endsAt?: string;
}

const isCode = (text: string) => blockOfferBody.shape.code.safeParse(text).success;
const isPrice = (text: string) => blockOfferBody.shape.price.safeParse(text).success && (parsePrice(text) ?? 0) > 0;
const isQuantity = (text: string) => /^[1-9]\d{0,12}$/.test(text) && Number(text) <= QUANTITY_MAX;
const trimmed = (text: string | undefined) => text?.trim() ?? '';

function OfferForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OfferFormValues>();
  const create = useCreateBlockOffer();

  const reject = (text: string) => Promise.reject(new Error(text));
  const check = (test: (value: string) => boolean, problem: string) => ({
    validator: (_rule: RuleObject, value: unknown) => {
      const typed = typeof value === 'string' ? value.trim() : '';
      if (typed === '') return reject(t('admin.blockTrades.validation.required'));
      return test(typed) ? Promise.resolve() : reject(problem);
    },
  });
  const quantityRule = check(
    isQuantity,
    t('admin.blockTrades.validation.wholeNumber', { max: new Intl.NumberFormat(i18n.language).format(QUANTITY_MAX) }),
  );
  const timeRule = check((text) => localInputToIso(text) !== null, t('admin.blockTrades.validation.dateTime'));
  const readQuantity = (text: string) => (isQuantity(text) ? Number(text) : null);

  const submit = (values: OfferFormValues) => {
    const code = trimmed(values.code);
    create.mutate(
      {
        code,
        price: trimmed(values.price),
        minQuantity: Number(trimmed(values.minQuantity)),
        totalQuantity: Number(trimmed(values.totalQuantity)),
        startsAt: localInputToIso(trimmed(values.startsAt)) ?? '',
        endsAt: localInputToIso(trimmed(values.endsAt)) ?? '',
      },
      {
        onSuccess: () => {
          void message.success(t('admin.blockTrades.offerCreated', { code }));
          onDone();
        },
      },
    );
  };

  return (
    <Form<OfferFormValues>
      form={form}
      name="block-offer"
      layout="vertical"
      onFinish={submit}
      className="instrument-form"
    >
      <div className="instrument-form__grid">
        <Form.Item
          name="code"
          required
          label={t('admin.blockTrades.fields.code')}
          normalize={(value: string) => value.toUpperCase()}
          rules={[check(isCode, t('admin.blockTrades.validation.code'))]}
        >
          <Input maxLength={12} autoComplete="off" spellCheck={false} className="mono" />
        </Form.Item>
        <Form.Item
          name="price"
          required
          label={t('admin.blockTrades.fields.price')}
          rules={[check(isPrice, t('admin.blockTrades.validation.price'))]}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="totalQuantity"
          required
          label={t('admin.blockTrades.fields.totalQuantity')}
          rules={[quantityRule]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="minQuantity"
          required
          label={t('admin.blockTrades.fields.minQuantity')}
          dependencies={['totalQuantity']}
          rules={[
            quantityRule,
            // The smallest order cannot exceed what is offered.
            ({ getFieldValue }: FormReader) => ({
              validator: (_rule: RuleObject, value: unknown) => {
                const least = readQuantity(textOf(value));
                const total = readQuantity(textOf(getFieldValue('totalQuantity')));
                return least !== null && total !== null && least > total
                  ? reject(t('admin.blockTrades.validation.minAboveTotal'))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" />
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
      {create.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="section-error"
          title={create.error instanceof ApiError ? create.error.msg : t('errors.INTERNAL')}
        />
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('admin.blockTrades.createSubmit')}
        </Button>
        <Button htmlType="button" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

/** Lists a new block-trade offer: instrument, price, minimum order, quantity and window. */
export function BlockOfferFormDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} size={640} destroyOnHidden title={t('admin.blockTrades.createTitle')}>
      {open && <OfferForm onDone={onClose} />}
    </Drawer>
  );
}
