import { App, Button, Card, Form, Input, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@bourse/shared/languages';
import { SUPPORT_TEXT_MAX, type SupportCannedBody, type SupportCannedReply } from '@bourse/shared/schemas/support';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { useCannedReplies, useDeleteCanned, useSaveCanned } from '../api/support.ts';
import '../support.css';

type Translations = SupportCannedBody['translations'];

/**
 * Canned replies: a title and a text per language. The inbox offers each in the investor's
 * language, else German, else English; languages left empty fall back.
 */
export function CannedRepliesScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const replies = useCannedReplies();
  const save = useSaveCanned();
  const remove = useDeleteCanned();
  const [editing, setEditing] = useState<{ id: number | null; translations: Translations } | null>(null);
  const [lang, setLang] = useState<Language>('de');
  const titleId = useId();
  const textId = useId();

  const current = editing?.translations[lang] ?? { title: '', text: '' };
  const setCurrent = (change: Partial<{ title: string; text: string }>) => {
    if (!editing) return;
    const next = { ...current, ...change };
    const translations: Translations = { ...editing.translations };
    if (next.title === '' && next.text === '') delete translations[lang];
    else translations[lang] = next;
    setEditing({ ...editing, translations });
  };
  const edit = (reply: SupportCannedReply | null) => {
    setEditing({ id: reply?.id ?? null, translations: { ...(reply?.translations ?? {}) } });
    setLang('de');
  };
  const submit = () => {
    if (!editing) return;
    save.mutate(
      { id: editing.id, body: { translations: editing.translations } },
      { onSuccess: () => setEditing(null), onError: (error) => void message.error(error.message) },
    );
  };
  const title = (reply: SupportCannedReply) =>
    reply.translations.de?.title ?? reply.translations.en?.title ?? Object.values(reply.translations)[0]?.title ?? '';

  return (
    <>
      <Typography.Title level={1} className="screen-title">
        {t('admin.support.cannedTitle')}
      </Typography.Title>
      {replies.isError && <QueryErrorAlert error={replies.error} onRetry={() => void replies.refetch()} />}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" onClick={() => edit(null)}>
          {t('admin.support.cannedNew')}
        </Button>
        {editing && (
          <Card title={editing.id === null ? t('admin.support.cannedNew') : t('admin.support.cannedEdit')}>
            <Form layout="vertical" onFinish={submit}>
              <Form.Item label={t('admin.support.language')}>
                <Select
                  aria-label={t('admin.support.language')}
                  value={lang}
                  onChange={setLang}
                  options={LANGUAGES.map((l) => ({
                    value: l,
                    label: `${LANGUAGE_NAMES[l]}${editing.translations[l] ? ' ✓' : ''}`,
                  }))}
                />
              </Form.Item>
              <Form.Item label={t('admin.support.cannedName')} htmlFor={titleId}>
                <Input
                  id={titleId}
                  value={current.title}
                  maxLength={80}
                  onChange={(e) => setCurrent({ title: e.target.value })}
                />
              </Form.Item>
              <Form.Item label={t('admin.support.cannedText')} htmlFor={textId}>
                <Input.TextArea
                  id={textId}
                  value={current.text}
                  maxLength={SUPPORT_TEXT_MAX}
                  autoSize={{ minRows: 3, maxRows: 10 }}
                  onChange={(e) => setCurrent({ text: e.target.value })}
                />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('admin.support.save')}
                </Button>
                <Button onClick={() => setEditing(null)}>{t('admin.support.cancel')}</Button>
              </Space>
            </Form>
          </Card>
        )}
        <List
          loading={replies.isPending}
          dataSource={replies.data ?? []}
          locale={{ emptyText: t('admin.support.noCanned') }}
          renderItem={(reply) => (
            <List.Item
              actions={[
                <Button key="edit" onClick={() => edit(reply)}>
                  {t('admin.support.cannedEdit')}
                </Button>,
                <Popconfirm
                  key="delete"
                  title={t('admin.support.cannedDeleteConfirm')}
                  onConfirm={() => remove.mutate(reply.id, { onError: (error) => void message.error(error.message) })}
                >
                  <Button danger>{t('admin.support.cannedDelete')}</Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={title(reply)}
                description={Object.keys(reply.translations).map((l) => (
                  <Tag key={l}>{l}</Tag>
                ))}
              />
            </List.Item>
          )}
        />
      </Space>
    </>
  );
}
