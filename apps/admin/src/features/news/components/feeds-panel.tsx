import { App, Button, Form, Input, Popconfirm, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@bourse/shared/languages';
import {
  NEWS_CATEGORIES,
  NEWS_FEED_ERRORS,
  type NewsFeed,
  type NewsFeedBody,
  type NewsFeedError,
} from '@bourse/shared/schemas/news';
import { DateTime } from '../../../ui/date-time.tsx';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import { useDeleteFeed, useFeeds, useRunFeed, useSaveFeed } from '../api/news-api.ts';
import { ConsoleTable } from '../../../ui/console-table.tsx';

const isFeedError = (value: string): value is NewsFeedError => (NEWS_FEED_ERRORS as readonly string[]).includes(value);

/** The RSS/Atom feeds: add one, switch it on or off, import now, remove; each with its last run. */
export function FeedsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feeds = useFeeds();
  const save = useSaveFeed();
  const run = useRunFeed();
  const remove = useDeleteFeed();
  const [form] = Form.useForm<NewsFeedBody>();
  const bodyOf = (feed: NewsFeed): NewsFeedBody => ({
    url: feed.url,
    category: feed.category,
    lang: feed.lang,
    enabled: feed.enabled,
  });

  if (feeds.error) return <QueryErrorAlert error={feeds.error} onRetry={() => void feeds.refetch()} />;
  return (
    <>
      <Typography.Title level={2} className="section-title">
        {t('admin.news.addFeed')}
      </Typography.Title>
      <Form<NewsFeedBody>
        form={form}
        name="news-feed"
        layout="inline"
        initialValues={{ category: 'domestic', lang: 'de', enabled: true }}
        onFinish={(body) => save.mutate({ id: null, body }, { onSuccess: () => form.resetFields() })}
      >
        <Form.Item label={t('admin.news.url')} name="url" rules={[{ required: true, type: 'url' }]}>
          <Input className="news-feed-url" />
        </Form.Item>
        <Form.Item label={t('admin.news.category')} name="category">
          <Select options={NEWS_CATEGORIES.map((value) => ({ value, label: t(`news.categories.${value}`) }))} />
        </Form.Item>
        <Form.Item label={t('admin.news.language')} name="lang">
          <Select options={LANGUAGES.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item label={t('admin.news.enabled')} name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('admin.news.addFeed')}
          </Button>
        </Form.Item>
      </Form>
      <ConsoleTable<NewsFeed>
        rowKey="id"
        loading={feeds.isFetching}
        dataSource={feeds.data ?? []}
        pagination={false}
        locale={{ emptyText: <TableEmpty text={t('common.noData')} /> }}
        columns={[
          { title: t('admin.news.url'), dataIndex: 'url' },
          { title: t('admin.news.category'), render: (_v, row) => t(`news.categories.${row.category}`) },
          { title: t('admin.news.language'), dataIndex: 'lang' },
          {
            title: t('admin.news.enabled'),
            render: (_v, row) => (
              <Switch
                checked={row.enabled}
                aria-label={`${t('admin.news.enabled')}: ${row.url}`}
                onChange={(enabled) => save.mutate({ id: row.id, body: { ...bodyOf(row), enabled } })}
              />
            ),
          },
          {
            title: t('admin.news.lastRun'),
            render: (_v, row) => (row.lastRunAt ? <DateTime value={row.lastRunAt} /> : t('admin.news.never')),
          },
          { title: t('admin.news.imported'), render: (_v, row) => row.lastImported ?? '–' },
          {
            title: t('admin.news.lastError'),
            render: (_v, row) =>
              row.lastError === null
                ? '–'
                : isFeedError(row.lastError)
                  ? t(`admin.news.feedErrors.${row.lastError}`)
                  : row.lastError,
          },
          {
            key: 'actions',
            render: (_v, row) => (
              <Space wrap>
                <Button
                  size="small"
                  loading={run.isPending && run.variables === row.id}
                  onClick={() =>
                    run.mutate(row.id, {
                      onSuccess: (feed) =>
                        feed.lastError === null
                          ? void message.success(t('admin.news.ranDone', { count: feed.lastImported ?? 0 }))
                          : void message.error(
                              isFeedError(feed.lastError)
                                ? t(`admin.news.feedErrors.${feed.lastError}`)
                                : feed.lastError,
                            ),
                    })
                  }
                >
                  {t('admin.news.run')}
                </Button>
                <Popconfirm
                  title={t('admin.news.deleteFeedTitle')}
                  onConfirm={() =>
                    remove.mutate(row.id, { onSuccess: () => void message.success(t('admin.news.feedDeleted')) })
                  }
                >
                  <Button size="small" danger>
                    {t('admin.news.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
