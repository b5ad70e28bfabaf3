import { App, Button, Drawer, Form, Input, Radio, Space, Switch, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES } from '@bourse/shared/languages';
import {
  BOARDS,
  type Board,
  type InstrumentInput,
  type InstrumentPatch,
  type InstrumentStatus,
} from '@bourse/shared/schemas/market';
import type { AdminInstrument } from '@bourse/shared/schemas/market-admin';
import { useCreateInstrument, useUpdateInstrument } from '../api/save-instrument.ts';
import {
  isInstrumentCode,
  isLotSize,
  isPositivePrice,
  isRatio,
  isShareCount,
  KNOWN_SECTORS,
  nameRowsOf,
  namesOf,
  NAME_LENGTH_MAX,
  sameNames,
  SECTOR_LENGTH_MAX,
  type NameRow,
} from '../instrument-values.ts';

const SECTOR_LIST_ID = 'instrument-sectors';

export type InstrumentFormTarget = { mode: 'create' } | { mode: 'edit'; instrument: AdminInstrument };

/** Text fields stay text until submitted: a number input would round or clamp what was typed. */
interface FormValues {
  code?: string;
  name?: string;
  names?: NameRow[];
  sector?: string;
  board: Board;
  lotSize?: string;
  pe?: string;
  industryPe?: string;
  sharesOutstanding?: string;
  startPrice?: string;
  status: InstrumentStatus;
  tradingEnabled: boolean;
}

type EditableFields = Omit<InstrumentInput, 'code' | 'startPrice'>;

/** The checks of a text field, each with its own message. */
type ValidationProblem = 'code' | 'lotSize' | 'shares' | 'ratio' | 'price';

const CREATE_DEFAULTS: FormValues = {
  board: 'main',
  status: 'listed',
  tradingEnabled: true,
  lotSize: '1',
  sharesOutstanding: '0',
  names: [],
};

function initialValues(target: InstrumentFormTarget): FormValues {
  if (target.mode === 'create') return CREATE_DEFAULTS;
  const { instrument } = target;
  return {
    name: instrument.name,
    names: nameRowsOf(instrument.names, LANGUAGES),
    sector: instrument.sector,
    board: instrument.board,
    lotSize: String(instrument.lotSize),
    pe: instrument.pe ?? '',
    industryPe: instrument.industryPe ?? '',
    sharesOutstanding: String(instrument.sharesOutstanding),
    status: instrument.status,
    tradingEnabled: instrument.tradingEnabled,
  };
}

/** The form's values as the API's fields (the rules have checked them). */
function fieldsOf(values: FormValues): EditableFields {
  const ratio = (text: string | undefined) => (text?.trim() ? text.trim() : null);
  return {
    name: values.name?.trim() ?? '',
    names: namesOf(values.names),
    sector: values.sector?.trim() ?? '',
    board: values.board,
    lotSize: Number(values.lotSize?.trim()),
    pe: ratio(values.pe),
    industryPe: ratio(values.industryPe),
    sharesOutstanding: Number(values.sharesOutstanding?.trim()),
    status: values.status,
  };
}

/** Only what differs from the stored instrument, so the audit line names exactly the changes. */
function patchOf(instrument: AdminInstrument, values: FormValues): InstrumentPatch {
  const next = fieldsOf(values);
  const patch: InstrumentPatch = {};
  if (next.name !== instrument.name) patch.name = next.name;
  if (!sameNames(next.names, instrument.names)) patch.names = next.names;
  if (next.sector !== instrument.sector) patch.sector = next.sector;
  if (next.board !== instrument.board) patch.board = next.board;
  if (next.lotSize !== instrument.lotSize) patch.lotSize = next.lotSize;
  if (next.pe !== instrument.pe) patch.pe = next.pe;
  if (next.industryPe !== instrument.industryPe) patch.industryPe = next.industryPe;
  if (next.sharesOutstanding !== instrument.sharesOutstanding) patch.sharesOutstanding = next.sharesOutstanding;
  if (next.status !== instrument.status) patch.status = next.status;
  if (values.tradingEnabled !== instrument.tradingEnabled) patch.tradingEnabled = values.tradingEnabled;
  return patch;
}

/** The statuses an operator may choose: a new issue can be listed; nothing goes back to being one. */
function statusOptions(target: InstrumentFormTarget): InstrumentStatus[] {
  if (target.mode === 'create') return ['listed', 'ipo'];
  return target.instrument.status === 'ipo' ? ['ipo', 'listed'] : ['listed', 'suspended'];
}

function InstrumentForm({ target, onDone }: { target: InstrumentFormTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateInstrument();
  const update = useUpdateInstrument();
  const creating = target.mode === 'create';

  const text = (
    check: (value: string) => boolean,
    problem: ValidationProblem,
    options: { optional?: boolean } = {},
  ) => ({
    validator: (_rule: RuleObject, value: unknown) => {
      const typed = typeof value === 'string' ? value.trim() : '';
      if (typed === '') {
        return options.optional
          ? Promise.resolve()
          : Promise.reject(new Error(t('admin.instruments.validation.required')));
      }
      return check(typed) ? Promise.resolve() : Promise.reject(new Error(t(`admin.instruments.validation.${problem}`)));
    },
  });
  const required = { required: true, whitespace: true, message: t('admin.instruments.validation.required') };

  const submit = (values: FormValues) => {
    if (target.mode === 'create') {
      const code = values.code?.trim() ?? '';
      create.mutate(
        { ...fieldsOf(values), code, startPrice: values.startPrice?.trim() ?? '' },
        {
          onSuccess: () => {
            void message.success(t('admin.instruments.created', { code }));
            onDone();
          },
        },
      );
      return;
    }
    const { instrument } = target;
    const patch = patchOf(instrument, values);
    if (Object.keys(patch).length === 0) {
      void message.info(t('admin.instruments.noChanges'));
      return;
    }
    update.mutate(
      { code: instrument.code, patch },
      {
        onSuccess: () => {
          void message.success(t('admin.instruments.saved', { code: instrument.code }));
          onDone();
        },
      },
    );
  };

  return (
    <Form<FormValues>
      form={form}
      name="instrument"
      layout="vertical"
      initialValues={initialValues(target)}
      onFinish={submit}
      className="instrument-form"
    >
      {creating && (
        <Form.Item
          name="code"
          required
          label={t('admin.instruments.fields.code')}
          extra={t('admin.instruments.hints.code')}
          // Codes are upper case; typing them in lower case is no mistake worth refusing.
          normalize={(value: string) => value.toUpperCase()}
          rules={[text(isInstrumentCode, 'code')]}
        >
          <Input maxLength={12} autoComplete="off" spellCheck={false} className="mono" />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('admin.instruments.fields.name')}
        rules={[
          required,
          { max: NAME_LENGTH_MAX, message: t('admin.instruments.validation.tooLong', { max: NAME_LENGTH_MAX }) },
        ]}
      >
        <Input maxLength={NAME_LENGTH_MAX} />
      </Form.Item>

      <Form.List name="names">
        {(fields, { add, remove }) => (
          <fieldset className="names-editor">
            <legend className="names-editor__legend">{t('admin.instruments.fields.names')}</legend>
            {fields.map((field) => (
              <div key={field.key} className="names-editor__row">
                <Form.Item
                  name={[field.name, 'language']}
                  label={t('admin.instruments.fields.language')}
                  rules={[
                    { required: true, message: t('admin.instruments.validation.languageRequired') },
                    {
                      validator: (_rule, value: unknown) => {
                        const rows = (form.getFieldValue('names') as NameRow[] | undefined) ?? [];
                        const uses = rows.filter((row) => row.language === value).length;
                        return uses > 1
                          ? Promise.reject(new Error(t('admin.instruments.validation.languageTwice')))
                          : Promise.resolve();
                      },
                    },
                  ]}
                >
                  <select className="language-select">
                    <option value="">{t('admin.instruments.fields.chooseLanguage')}</option>
                    {LANGUAGES.map((language) => (
                      <option key={language} value={language} lang={language}>
                        {LANGUAGE_NAMES[language]}
                      </option>
                    ))}
                  </select>
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  label={t('admin.instruments.fields.localName')}
                  className="names-editor__name"
                  rules={[
                    required,
                    {
                      max: NAME_LENGTH_MAX,
                      message: t('admin.instruments.validation.tooLong', { max: NAME_LENGTH_MAX }),
                    },
                  ]}
                >
                  <Input maxLength={NAME_LENGTH_MAX} />
                </Form.Item>
                <Button className="names-editor__remove" onClick={() => remove(field.name)}>
                  {t('admin.instruments.fields.removeName')}
                </Button>
              </div>
            ))}
            <Button onClick={() => add({ language: '', name: '' })}>{t('admin.instruments.fields.addName')}</Button>
          </fieldset>
        )}
      </Form.List>

      <div className="instrument-form__grid">
        <Form.Item
          name="sector"
          label={t('admin.instruments.fields.sector')}
          extra={t('admin.instruments.hints.sector')}
          rules={[
            required,
            {
              max: SECTOR_LENGTH_MAX,
              message: t('admin.instruments.validation.tooLong', { max: SECTOR_LENGTH_MAX }),
            },
          ]}
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
        <Form.Item
          name="lotSize"
          required
          label={t('admin.instruments.fields.lotSize')}
          rules={[text(isLotSize, 'lotSize')]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="sharesOutstanding"
          required
          label={t('admin.instruments.fields.sharesOutstanding')}
          rules={[text(isShareCount, 'shares')]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="pe"
          label={t('admin.instruments.fields.pe')}
          extra={t('admin.instruments.hints.optional')}
          rules={[text(isRatio, 'ratio', { optional: true })]}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="industryPe"
          label={t('admin.instruments.fields.industryPe')}
          extra={t('admin.instruments.hints.optional')}
          rules={[text(isRatio, 'ratio', { optional: true })]}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        {creating && (
          <Form.Item
            name="startPrice"
            required
            label={t('admin.instruments.fields.startPrice')}
            extra={t('admin.instruments.hints.startPrice')}
            rules={[text(isPositivePrice, 'price')]}
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        )}
      </div>

      <Form.Item name="board" label={t('admin.instruments.fields.board')}>
        <Radio.Group
          optionType="button"
          options={BOARDS.map((value) => ({ value, label: t(`admin.instruments.boards.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t('admin.instruments.fields.status')}>
        <Radio.Group
          optionType="button"
          options={statusOptions(target).map((value) => ({ value, label: t(`admin.instruments.statuses.${value}`) }))}
        />
      </Form.Item>
      {!creating && (
        <Form.Item name="tradingEnabled" label={t('admin.instruments.fields.tradingEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {target.mode === 'edit' && (
        <Typography.Paragraph type="secondary">
          {t(`admin.instruments.sources.${target.instrument.source}`)}
        </Typography.Paragraph>
      )}

      <Space>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
          {creating ? t('admin.instruments.createSubmit') : t('admin.instruments.save')}
        </Button>
        <Button htmlType="button" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

/** Creates an instrument, or edits one: names in every language, fundamentals, listing and trading. */
export function InstrumentFormDrawer({
  target,
  onClose,
}: {
  target: InstrumentFormTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title =
    target?.mode === 'edit'
      ? t('admin.instruments.editTitle', { code: target.instrument.code })
      : t('admin.instruments.createTitle');
  return (
    <Drawer open={target !== null} onClose={onClose} size={640} destroyOnHidden title={title}>
      {target && <InstrumentForm target={target} onDone={onClose} />}
    </Drawer>
  );
}
