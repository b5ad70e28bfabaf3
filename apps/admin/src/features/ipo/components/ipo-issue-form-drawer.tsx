import { Alert, App, Button, Drawer, Form, Input, Radio, Space, Typography } from 'antd';
import type { RuleObject, RuleRender } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@bourse/shared/format';
import type { AdminIpoIssue } from '@bourse/shared/schemas/ipo';
import { currentLanguage } from '../../../lib/i18n.ts';
import { localInputToIso } from '../../../lib/local-date-time.ts';
import { ApiError } from '../../../lib/request.ts';
import { browserTimeZone } from '../../../ui/date-time.tsx';
import { isTermsLocked, useCreateIpoIssue, useUpdateIpoIssue } from '../api/save-ipo-issue.ts';
import {
  APPLICATION_CODE_LENGTH_MAX,
  bodyOf,
  canChange,
  isInstrumentCode,
  isIssuePrice,
  isIssueRatio,
  isWholeNumber,
  ISSUE_BOARDS,
  KNOWN_SECTORS,
  NAME_LENGTH_MAX,
  patchOf,
  SECTOR_LENGTH_MAX,
  valuesOf,
  WHOLE_NUMBER_MAX,
  type IssueFormValues,
  type TimeField,
  type WholeNumberField,
} from '../issue-values.ts';

/** What a cross-field rule reads of the form. */
type FormReader = Parameters<RuleRender>[0];

/** A field's text as typed, trimmed ('' when empty). */
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export type IssueFormTarget = { mode: 'create' } | { mode: 'edit'; issue: AdminIpoIssue };

const SECTOR_LIST_ID = 'ipo-sectors';

const CREATE_DEFAULTS: IssueFormValues = { board: 'main' };

/** Each time must come after the one before it: the window opens, closes, the draw, the listing. */
const TIME_ORDER: Array<{ field: Exclude<TimeField, 'subscribeStart'>; after: TimeField; strictly: boolean }> = [
  { field: 'subscribeEnd', after: 'subscribeStart', strictly: true },
  { field: 'allocationAt', after: 'subscribeEnd', strictly: false },
  { field: 'listingAt', after: 'allocationAt', strictly: false },
];

function IssueForm({ target, onDone }: { target: IssueFormTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<IssueFormValues>();
  const create = useCreateIpoIssue();
  const update = useUpdateIpoIssue();
  const creating = target.mode === 'create';
  const error = creating ? create.error : update.error;
  const locked = (field: Exclude<keyof IssueFormValues, 'code'>) =>
    target.mode === 'edit' && !canChange(target.issue.status, field);
  const formatCount = (value: number) => formatNumber(value, currentLanguage());

  const reject = (text: string) => Promise.reject(new Error(text));
  const check = (test: (value: string) => boolean, problem: string, options: { optional?: boolean } = {}) => ({
    validator: (_rule: RuleObject, value: unknown) => {
      const typed = typeof value === 'string' ? value.trim() : '';
      if (typed === '') return options.optional ? Promise.resolve() : reject(t('admin.ipo.validation.required'));
      return test(typed) ? Promise.resolve() : reject(problem);
    },
  });
  const textRules = (max: number) => [
    { required: true, whitespace: true, message: t('admin.ipo.validation.required') },
    { max, message: t('admin.ipo.validation.tooLong', { max }) },
  ];
  const wholeNumber = (field: WholeNumberField) =>
    check(
      (text) => isWholeNumber(text, WHOLE_NUMBER_MAX[field]),
      t('admin.ipo.validation.wholeNumber', { max: formatCount(WHOLE_NUMBER_MAX[field]) }),
    );
  const timeRules = (field: TimeField) => {
    const order = TIME_ORDER.find((rule) => rule.field === field);
    return [
      check((text) => localInputToIso(text) !== null, t('admin.ipo.validation.dateTime')),
      ({ getFieldValue }: FormReader) => ({
        validator: (_rule: RuleObject, value: unknown) => {
          if (!order || typeof value !== 'string') return Promise.resolve();
          const self = localInputToIso(value);
          const before = localInputToIso(textOf(getFieldValue(order.after)));
          if (self === null || before === null) return Promise.resolve();
          const inOrder = order.strictly ? self > before : self >= before;
          return inOrder ? Promise.resolve() : reject(t(`admin.ipo.validation.order.${order.field}`));
        },
      }),
    ];
  };

  const submit = (values: IssueFormValues) => {
    if (target.mode === 'create') {
      const body = bodyOf(values);
      create.mutate(body, {
        onSuccess: () => {
          void message.success(t('admin.ipo.created', { code: body.code }));
          onDone();
        },
      });
      return;
    }
    const { issue } = target;
    const patch = patchOf(issue, values);
    if (Object.keys(patch).length === 0) {
      void message.info(t('admin.ipo.noChanges'));
      return;
    }
    update.mutate(
      { issueId: issue.id, patch },
      {
        onSuccess: () => {
          void message.success(t('admin.ipo.saved', { code: issue.code }));
          onDone();
        },
      },
    );
  };

  const field = (name: Exclude<keyof IssueFormValues, 'code' | 'board'>) => ({
    name,
    label: t(`admin.ipo.fields.${name}`),
    ...(locked(name) && { extra: t('admin.ipo.lockedField') }),
  });

  return (
    <Form<IssueFormValues>
      form={form}
      name="ipo-issue"
      layout="vertical"
      initialValues={target.mode === 'edit' ? valuesOf(target.issue) : CREATE_DEFAULTS}
      onFinish={submit}
      className="instrument-form"
    >
      {target.mode === 'edit' && target.issue.status === 'open' && (
        <Alert type="info" showIcon className="section-error" title={t('admin.ipo.openNotice')} />
      )}
      {creating && (
        <Form.Item
          name="code"
          required
          label={t('admin.ipo.fields.code')}
          extra={t('admin.ipo.hints.code')}
          // Codes are upper case; typing them in lower case is no mistake worth refusing.
          normalize={(value: string) => value.toUpperCase()}
          rules={[check(isInstrumentCode, t('admin.ipo.validation.code'))]}
        >
          <Input maxLength={12} autoComplete="off" spellCheck={false} className="mono" />
        </Form.Item>
      )}
      <Form.Item {...field('name')} rules={textRules(NAME_LENGTH_MAX)}>
        <Input maxLength={NAME_LENGTH_MAX} />
      </Form.Item>
      <div className="instrument-form__grid">
        <Form.Item
          {...field('applicationCode')}
          extra={t('admin.ipo.hints.applicationCode')}
          rules={textRules(APPLICATION_CODE_LENGTH_MAX)}
        >
          <Input maxLength={APPLICATION_CODE_LENGTH_MAX} autoComplete="off" className="mono" />
        </Form.Item>
        <Form.Item
          {...field('sector')}
          extra={t('admin.instruments.hints.sector')}
          rules={textRules(SECTOR_LENGTH_MAX)}
        >
          {/* The browser's own suggestion list: accessible, and any other text stays possible. */}
          <Input maxLength={SECTOR_LENGTH_MAX} list={SECTOR_LIST_ID} autoComplete="off" />
        </Form.Item>
        <datalist id={SECTOR_LIST_ID}>
          {KNOWN_SECTORS.map((sector) => (
            <option key={sector} value={sector}>
              {t(`market.sectors.${sector}`)}
            </option>
          ))}
        </datalist>
        <Form.Item {...field('issuePrice')} required rules={[check(isIssuePrice, t('admin.ipo.validation.price'))]}>
          <Input inputMode="decimal" autoComplete="off" disabled={locked('issuePrice')} />
        </Form.Item>
        {(['issueQuantity', 'publicQuantity', 'totalShares', 'lotSize', 'maxLotsPerInvestor'] as const).map((name) => (
          <Form.Item
            key={name}
            {...field(name)}
            required
            dependencies={name === 'publicQuantity' ? ['issueQuantity'] : []}
            rules={[
              wholeNumber(name),
              ...(name === 'publicQuantity'
                ? [
                    ({ getFieldValue }: FormReader) => ({
                      validator: (_rule: RuleObject, value: unknown) => {
                        const issued = Number(textOf(getFieldValue('issueQuantity')));
                        const offered = Number(textOf(value));
                        return Number.isFinite(issued) && issued > 0 && offered > issued
                          ? reject(t('admin.ipo.validation.publicAboveIssue'))
                          : Promise.resolve();
                      },
                    }),
                  ]
                : []),
            ]}
          >
            <Input inputMode="numeric" autoComplete="off" disabled={locked(name)} />
          </Form.Item>
        ))}
        <Form.Item
          {...field('pe')}
          extra={t('admin.ipo.hints.optional')}
          rules={[check(isIssueRatio, t('admin.ipo.validation.ratio'), { optional: true })]}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          {...field('industryPe')}
          extra={t('admin.ipo.hints.optional')}
          rules={[check(isIssueRatio, t('admin.ipo.validation.ratio'), { optional: true })]}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
      </div>
      <Typography.Paragraph type="secondary">
        {t('admin.ipo.hints.times', { zone: browserTimeZone })}
      </Typography.Paragraph>
      <div className="instrument-form__grid">
        {(['subscribeStart', 'subscribeEnd', 'allocationAt', 'listingAt'] as const).map((name, index, all) => (
          <Form.Item
            key={name}
            {...field(name)}
            required
            dependencies={index > 0 ? [all[index - 1] as TimeField] : []}
            rules={timeRules(name)}
          >
            <Input type="datetime-local" disabled={locked(name)} />
          </Form.Item>
        ))}
      </div>
      <Form.Item name="board" label={t('admin.ipo.fields.board')}>
        <Radio.Group
          optionType="button"
          options={ISSUE_BOARDS.map((value) => ({ value, label: t(`admin.instruments.boards.${value}`) }))}
        />
      </Form.Item>

      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="section-error"
          title={error instanceof ApiError ? error.msg : t('errors.INTERNAL')}
          {...(isTermsLocked(error) && { description: t('admin.ipo.termsLocked') })}
        />
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
          {creating ? t('admin.ipo.createSubmit') : t('admin.ipo.save')}
        </Button>
        <Button htmlType="button" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

/** Creates an issue, or edits one: before it opens every field, while it is open all but its terms. */
export function IpoIssueFormDrawer({ target, onClose }: { target: IssueFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const title =
    target?.mode === 'edit' ? t('admin.ipo.editTitle', { code: target.issue.code }) : t('admin.ipo.createTitle');
  return (
    <Drawer open={target !== null} onClose={onClose} size={720} destroyOnHidden title={title}>
      {target && <IssueForm target={target} onDone={onClose} />}
    </Drawer>
  );
}
