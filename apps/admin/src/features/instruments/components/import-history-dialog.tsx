import { Alert, App, Button, Descriptions, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Candle } from '@bourse/shared/schemas/market';
import {
  INSTRUMENT_IMPORT_MAX_CHARS,
  type CsvInvalidDetails,
  type CsvProblemReport,
  type ImportSummary,
} from '@bourse/shared/schemas/market-admin';
import { ApiError } from '../../../lib/request.ts';
import { csvProblemsOf, useImportHistory } from '../api/import-history.ts';
import { isInstrumentCode } from '../instrument-values.ts';
import { ConsoleTable } from '../../../ui/console-table.tsx';

const FILE_INPUT_ID = 'import-file';
const FILE_ERROR_ID = 'import-file-error';
const MAX_MEGABYTES = INSTRUMENT_IMPORT_MAX_CHARS / (1024 * 1024);

interface CodeValues {
  code?: string;
}

/** A bar's time as the file has it: a date for daily bars, minutes in UTC for intraday ones. */
function barTime(summary: ImportSummary, iso: string): string {
  return summary.interval === '1d' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function BarsTable({ summary, bars, caption }: { summary: ImportSummary; bars: Candle[]; caption: string }) {
  const { t } = useTranslation();
  const price = (key: 'o' | 'h' | 'l' | 'c', label: string) => ({
    key,
    title: label,
    align: 'right' as const,
    render: (_: unknown, bar: Candle) => <span className="money">{bar[key]}</span>,
  });
  return (
    <ConsoleTable<Candle>
      size="small"
      rowKey="t"
      pagination={false}
      dataSource={bars}
      title={() => <Typography.Text strong>{caption}</Typography.Text>}
      columns={[
        { key: 't', title: t('admin.instruments.importDialog.time'), render: (_, bar) => barTime(summary, bar.t) },
        price('o', t('admin.instruments.importDialog.open')),
        price('h', t('admin.instruments.importDialog.high')),
        price('l', t('admin.instruments.importDialog.low')),
        price('c', t('admin.instruments.importDialog.close')),
        { key: 'v', title: t('admin.instruments.importDialog.volume'), align: 'right', dataIndex: 'v' },
      ]}
    />
  );
}

/** What the import will do: the instrument, the kind and number of bars, the period, what it overwrites. */
function ImportPreview({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="import-preview-title" className="import-result">
      <Typography.Title level={2} className="section-title" id="import-preview-title">
        {t('admin.instruments.importDialog.previewTitle')}
      </Typography.Title>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'instrument',
            label: t('admin.instruments.importDialog.instrument'),
            children: t(
              summary.isNew
                ? 'admin.instruments.importDialog.newInstrument'
                : 'admin.instruments.importDialog.existingInstrument',
              { code: summary.code },
            ),
          },
          {
            key: 'interval',
            label: t('admin.instruments.importDialog.interval'),
            children: t(`admin.instruments.importDialog.intervals.${summary.interval}`),
          },
          { key: 'rows', label: t('admin.instruments.importDialog.rows'), children: summary.rowsTotal },
          {
            key: 'period',
            label: t('admin.instruments.importDialog.period'),
            children: `${barTime(summary, summary.firstT)} – ${barTime(summary, summary.lastT)}`,
          },
          {
            key: 'existing',
            label: t('admin.instruments.importDialog.existing'),
            children: t('admin.instruments.importDialog.existingValue', {
              stored: summary.existingBarsInRange,
              replaced: summary.replacedBars,
            }),
          },
        ]}
      />
      <BarsTable summary={summary} bars={summary.first} caption={t('admin.instruments.importDialog.firstRows')} />
      <BarsTable summary={summary} bars={summary.last} caption={t('admin.instruments.importDialog.lastRows')} />
    </section>
  );
}

/** The refused file's report: every problem the server listed, by line, with the total. */
export function CsvProblemsReport({ message, report }: { message: string; report: CsvInvalidDetails }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="import-problems-title" className="import-result">
      <Alert
        type="error"
        showIcon
        title={<span id="import-problems-title">{message}</span>}
        description={
          report.problems.length < report.problemsTotal
            ? t('admin.instruments.importDialog.problemsShown', {
                shown: report.problems.length,
                total: report.problemsTotal,
              })
            : t('admin.instruments.importDialog.problemsAll', { total: report.problemsTotal })
        }
      />
      <ConsoleTable<CsvProblemReport>
        size="small"
        rowKey={(problem) => `${problem.line}:${problem.code}`}
        dataSource={report.problems}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { key: 'line', title: t('admin.instruments.importDialog.line'), dataIndex: 'line', align: 'right' },
          {
            key: 'problem',
            title: t('admin.instruments.importDialog.problem'),
            render: (_, problem) => t(`admin.instruments.importDialog.problems.${problem.code}`),
          },
          {
            key: 'detail',
            title: t('admin.instruments.importDialog.detail'),
            render: (_, problem) => <code className="mono import-detail">{problem.detail}</code>,
          },
        ]}
      />
    </section>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CodeValues>();
  const importHistory = useImportHistory();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The text that was previewed, with its code: importing sends exactly what was checked. */
  const [checked, setChecked] = useState<{ code: string; csv: string; summary: ImportSummary } | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [reading, setReading] = useState(false);

  const reset = () => {
    setChecked(null);
    setFailure(null);
  };

  const readFile = async (): Promise<string | null> => {
    if (!file) {
      setFileError(t('admin.instruments.importDialog.fileRequired'));
      return null;
    }
    if (file.size > INSTRUMENT_IMPORT_MAX_CHARS) {
      setFileError(t('admin.instruments.importDialog.fileTooLarge', { max: MAX_MEGABYTES }));
      return null;
    }
    setReading(true);
    try {
      return await file.text();
    } catch {
      setFileError(t('admin.instruments.importDialog.fileUnreadable'));
      return null;
    } finally {
      setReading(false);
    }
  };

  const preview = async () => {
    reset();
    let code: string;
    try {
      code = (await form.validateFields()).code?.trim() ?? '';
    } catch {
      // The field shows what is wrong; the file is still checked so both problems show at once.
      code = '';
    }
    const csv = await readFile();
    if (csv === null || code === '' || !file) return;
    importHistory.mutate(
      { code, fileName: file.name, csv, dryRun: true },
      {
        onSuccess: (summary) => setChecked({ code, csv, summary }),
        onError: setFailure,
      },
    );
  };

  const runImport = () => {
    if (!checked || !file) return;
    importHistory.mutate(
      { code: checked.code, fileName: file.name, csv: checked.csv, dryRun: false },
      {
        onSuccess: (summary) => {
          void message.success(
            t('admin.instruments.importDialog.imported', { rows: summary.rowsTotal, code: summary.code }),
          );
          onClose();
        },
        onError: (error) => {
          setChecked(null);
          setFailure(error);
        },
      },
    );
  };

  const report = csvProblemsOf(failure);
  return (
    <Space orientation="vertical" size="middle" className="import-dialog">
      <Typography.Paragraph className="import-dialog__intro">
        {t('admin.instruments.importDialog.intro')}
      </Typography.Paragraph>
      <Form<CodeValues> form={form} name="import-history" layout="vertical" onValuesChange={reset}>
        <Form.Item
          label={t('admin.instruments.importDialog.file')}
          htmlFor={FILE_INPUT_ID}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ? <span id={FILE_ERROR_ID}>{fileError}</span> : undefined}
        >
          <input
            id={FILE_INPUT_ID}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="import-dialog__file"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? FILE_ERROR_ID : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
              reset();
            }}
          />
        </Form.Item>
        <Form.Item
          name="code"
          required
          label={t('admin.instruments.importDialog.code')}
          extra={t('admin.instruments.importDialog.codeHint')}
          normalize={(value: string) => value.toUpperCase()}
          rules={[
            {
              validator: (_rule, value: unknown) => {
                const typed = typeof value === 'string' ? value.trim() : '';
                if (typed === '') return Promise.reject(new Error(t('admin.instruments.validation.required')));
                return isInstrumentCode(typed)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('admin.instruments.validation.code')));
              },
            },
          ]}
        >
          <Input maxLength={12} autoComplete="off" spellCheck={false} className="mono import-dialog__code" />
        </Form.Item>
      </Form>
      <Space wrap>
        <Button onClick={() => void preview()} loading={reading || (importHistory.isPending && !checked)}>
          {t('admin.instruments.importDialog.preview')}
        </Button>
        <Button
          type="primary"
          disabled={!checked}
          loading={importHistory.isPending && checked !== null}
          onClick={runImport}
        >
          {t('admin.instruments.importDialog.import')}
        </Button>
      </Space>
      {failure &&
        (report ? (
          <CsvProblemsReport message={failure instanceof ApiError ? failure.msg : ''} report={report} />
        ) : (
          <Alert type="error" showIcon title={failure instanceof ApiError ? failure.msg : t('errors.INTERNAL')} />
        ))}
      {checked && <ImportPreview summary={checked.summary} />}
    </Space>
  );
}

/**
 * Imports OHLCV history from a CSV file: the file is read here, checked by the server without
 * writing (a preview of what will change, or the report of every bad line), and only then imported.
 */
export function ImportHistoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('admin.instruments.importDialog.title')}
      onCancel={onClose}
      footer={null}
      width={880}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open && <ImportForm onClose={onClose} />}
    </Modal>
  );
}
