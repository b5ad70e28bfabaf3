import { App, Button, Form, Input, Modal, Radio, Select, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@bourse/shared/languages';
import {
  NEWS_CATEGORIES,
  type AdminNewsArticle,
  type NewsBodyFormat,
  type NewsCategory,
} from '@bourse/shared/schemas/news';
import { usePreview, useSaveArticle } from '../api/news-api.ts';

interface Translation {
  title: string;
  summary: string;
  bodyFormat: NewsBodyFormat;
  body: string;
}

const emptyTranslation = (): Translation => ({ title: '', summary: '', bodyFormat: 'markdown', body: '' });

/**
 * Writes or edits an article: category, fallback language, linked securities, and one tab per
 * language (title, summary, body in Markdown or HTML) with a preview of the sanitized result as the
 * server would store it. Saving sends every language at once; the server checks and sanitizes.
 */
export function ArticleEditor({ article, onClose }: { article: AdminNewsArticle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveArticle();
  const preview = usePreview();
  const [category, setCategory] = useState<NewsCategory>(article?.category ?? 'company');
  const [fallbackLang, setFallbackLang] = useState<Language>(article?.fallbackLang ?? 'de');
  const [instruments, setInstruments] = useState(article?.instruments.join(', ') ?? '');
  const [translations, setTranslations] = useState<Partial<Record<Language, Translation>>>(() =>
    article
      ? Object.fromEntries(
          article.translations.map(({ lang, title, summary, bodyFormat, body }) => [
            lang,
            { title, summary, bodyFormat, body },
          ]),
        )
      : { de: emptyTranslation() },
  );
  const langs = LANGUAGES.filter((lang) => translations[lang]);
  const [active, setActive] = useState<Language>(langs[0] ?? 'de');
  const current = translations[active];

  const change = (patch: Partial<Translation>) =>
    setTranslations((all) => ({ ...all, [active]: { ...(all[active] ?? emptyTranslation()), ...patch } }));

  const submit = () =>
    save.mutate(
      {
        id: article?.id ?? null,
        body: {
          category,
          fallbackLang,
          translations,
          instruments: instruments
            .split(/[\s,]+/)
            .map((code) => code.trim().toUpperCase())
            .filter(Boolean),
        },
      },
      {
        onSuccess: () => {
          void message.success(t('admin.news.saved'));
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      width={880}
      title={article ? t('admin.news.editArticle') : t('admin.news.newArticle')}
      okText={t('common.save')}
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('admin.news.category')} htmlFor="news-category">
          <Select
            id="news-category"
            value={category}
            onChange={setCategory}
            options={NEWS_CATEGORIES.map((value) => ({ value, label: t(`news.categories.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('admin.news.fallbackLang')} htmlFor="news-fallback">
          <Select
            id="news-fallback"
            value={fallbackLang}
            onChange={setFallbackLang}
            options={langs.map((value) => ({ value, label: value }))}
          />
        </Form.Item>
        <Form.Item
          label={t('admin.news.instruments')}
          extra={t('admin.news.instrumentsHint')}
          htmlFor="news-instruments"
        >
          <Input id="news-instruments" value={instruments} onChange={(event) => setInstruments(event.target.value)} />
        </Form.Item>
        <Form.Item label={t('admin.news.addLanguage')} htmlFor="news-add-language">
          <Select<Language>
            id="news-add-language"
            value={null}
            placeholder={t('admin.news.addLanguage')}
            options={LANGUAGES.filter((lang) => !translations[lang]).map((value) => ({ value, label: value }))}
            onChange={(lang) => {
              setTranslations((all) => ({ ...all, [lang]: emptyTranslation() }));
              setActive(lang);
            }}
          />
        </Form.Item>
        <Tabs
          activeKey={active}
          onChange={(key) => setActive(key as Language)}
          items={langs.map((lang) => ({ key: lang, label: lang }))}
        />
        {current && (
          <>
            <Form.Item label={t('admin.news.headline')} required htmlFor="news-title">
              <Input
                id="news-title"
                value={current.title}
                maxLength={300}
                onChange={(event) => change({ title: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('admin.news.summary')} htmlFor="news-summary">
              <Input.TextArea
                id="news-summary"
                value={current.summary}
                maxLength={1000}
                autoSize={{ minRows: 2 }}
                onChange={(event) => change({ summary: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('admin.news.format')}>
              <Radio.Group
                value={current.bodyFormat}
                onChange={(event) => change({ bodyFormat: event.target.value as NewsBodyFormat })}
                options={[
                  { value: 'markdown', label: 'Markdown' },
                  { value: 'html', label: 'HTML' },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('admin.news.body')} htmlFor="news-body">
              <Input.TextArea
                id="news-body"
                value={current.body}
                autoSize={{ minRows: 8 }}
                onChange={(event) => change({ body: event.target.value })}
              />
            </Form.Item>
            <Button
              onClick={() => preview.mutate({ bodyFormat: current.bodyFormat, body: current.body })}
              loading={preview.isPending}
            >
              {t('admin.news.preview')}
            </Button>{' '}
            {langs.length > 1 && active !== fallbackLang && (
              <Button
                danger
                onClick={() => {
                  setTranslations(({ [active]: _removed, ...rest }) => rest);
                  setActive(fallbackLang);
                }}
              >
                {t('admin.news.removeLanguage')}
              </Button>
            )}
            {preview.data && (
              <section className="news-preview" aria-label={t('admin.news.preview')}>
                {preview.data.bodyHtml ? (
                  // Sanitized by the server's allow-list (the same as on save).
                  <div dangerouslySetInnerHTML={{ __html: preview.data.bodyHtml }} />
                ) : (
                  <p>{t('admin.news.previewEmpty')}</p>
                )}
              </section>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
