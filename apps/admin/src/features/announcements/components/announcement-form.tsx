import { Alert, Button, Card, Collapse, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@bourse/shared/languages';
import { kycStatus } from '@bourse/shared/schemas/auth';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_FALLBACK,
  ANNOUNCEMENT_SEGMENTS,
  ANNOUNCEMENT_TITLE_MAX,
  announcementAudience,
  type AnnouncementAudience,
  type AnnouncementTexts,
} from '@bourse/shared/schemas/messages';
import { useAudienceSize, usePublishAnnouncement } from '../api/announcements.ts';

interface FormValues {
  segment: AnnouncementAudience['segment'];
  minLevel?: number | null;
  status?: AnnouncementAudience extends infer A ? (A extends { status: infer S } ? S : never) : never;
  languages?: Language[];
  userIds?: string;
  texts?: Partial<Record<Language, { title?: string; body?: string }>>;
}

/** The audience the form describes, or null while it is incomplete (the preview waits for it). */
function audienceOf(values: Partial<FormValues>): AnnouncementAudience | null {
  const ids = (values.userIds ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  const candidate =
    values.segment === 'level'
      ? { segment: 'level', minLevel: values.minLevel }
      : values.segment === 'identity'
        ? { segment: 'identity', status: values.status }
        : values.segment === 'language'
          ? { segment: 'language', languages: values.languages }
          : values.segment === 'users'
            ? { segment: 'users', userIds: ids }
            : { segment: values.segment };
  const parsed = announcementAudience.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The texts typed, without the languages left empty (they fall back to German). */
function textsOf(values: FormValues): AnnouncementTexts {
  const texts: AnnouncementTexts = {};
  for (const lang of LANGUAGES) {
    const title = values.texts?.[lang]?.title?.trim();
    const body = values.texts?.[lang]?.body?.trim();
    if (title && body) texts[lang] = { title, body };
  }
  return texts;
}

/** Writes and publishes an announcement: texts per language (German required), the audience and its size now. */
export function AnnouncementForm() {
  const { t } = useTranslation();
  const { Text } = Typography;
  const [form] = Form.useForm<FormValues>();
  const publish = usePublishAnnouncement();
  const values = Form.useWatch([], form) ?? {};
  const audience = audienceOf(values);
  const size = useAudienceSize(audience);

  const submit = (submitted: FormValues) => {
    const chosen = audienceOf(submitted);
    if (!chosen) return;
    publish.mutate({ texts: textsOf(submitted), audience: chosen }, { onSuccess: () => form.resetFields() });
  };

  const languageItem = (lang: Language) => {
    const required = lang === ANNOUNCEMENT_FALLBACK;
    const rules = required ? [{ required: true, whitespace: true, message: t('common.required') }] : [];
    return {
      key: lang,
      label: LANGUAGE_NAMES[lang],
      forceRender: true,
      children: (
        <div lang={lang} role="group" aria-label={LANGUAGE_NAMES[lang]}>
          <Form.Item label={t('admin.announcements.titleField')} name={['texts', lang, 'title']} rules={rules}>
            <Input maxLength={ANNOUNCEMENT_TITLE_MAX} />
          </Form.Item>
          <Form.Item label={t('admin.announcements.bodyField')} name={['texts', lang, 'body']} rules={rules}>
            <Input.TextArea rows={4} maxLength={ANNOUNCEMENT_BODY_MAX} />
          </Form.Item>
        </div>
      ),
    };
  };

  return (
    <Card className="section-card">
      <Typography.Title level={2} className="section-title">
        {t('admin.announcements.create')}
      </Typography.Title>
      <Form<FormValues>
        form={form}
        name="announcement"
        layout="vertical"
        initialValues={{ segment: 'everyone' }}
        onFinish={submit}
      >
        <Form.Item label={t('admin.announcements.audience')} name="segment">
          <Select
            options={ANNOUNCEMENT_SEGMENTS.map((segment) => ({
              value: segment,
              label: t(`admin.announcements.segments.${segment}`),
            }))}
          />
        </Form.Item>
        {values.segment === 'level' && (
          <Form.Item
            label={t('admin.announcements.minLevel')}
            name="minLevel"
            rules={[{ required: true, message: t('common.required') }]}
          >
            <InputNumber<number> min={1} max={5} step={1} />
          </Form.Item>
        )}
        {values.segment === 'identity' && (
          <Form.Item
            label={t('admin.announcements.status')}
            name="status"
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Select options={kycStatus.options.map((status) => ({ value: status, label: t(`kyc.${status}`) }))} />
          </Form.Item>
        )}
        {values.segment === 'language' && (
          <Form.Item
            label={t('admin.announcements.languages')}
            name="languages"
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Select mode="multiple" options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))} />
          </Form.Item>
        )}
        {values.segment === 'users' && (
          <Form.Item
            label={t('admin.announcements.userIds')}
            name="userIds"
            rules={[{ required: true, whitespace: true, message: t('common.required') }]}
          >
            <Input inputMode="numeric" />
          </Form.Item>
        )}
        <p role="status" className="announcement-preview">
          {audience && size.data ? (
            <Text>{t('admin.announcements.preview', { count: size.data.recipients })}</Text>
          ) : null}
        </p>
        {size.isError && <Alert type="error" showIcon title={size.error.message} />}
        <Typography.Title level={3} className="section-subtitle">
          {t('admin.announcements.texts')}
        </Typography.Title>
        <Text type="secondary">{t('admin.announcements.fallbackHint')}</Text>
        <Collapse defaultActiveKey={[ANNOUNCEMENT_FALLBACK]} items={LANGUAGES.map(languageItem)} />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={publish.isPending} disabled={!audience}>
            {t('admin.announcements.publish')}
          </Button>
        </Form.Item>
      </Form>
      {publish.data && (
        <Alert type="success" showIcon title={t('admin.announcements.published', { count: publish.data.recipients })} />
      )}
    </Card>
  );
}
