import { App, Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNewsArticle } from '@bourse/shared/schemas/news';
import { DateTime } from '../../../ui/date-time.tsx';
import { FIRST_PAGE, tablePagination, type PageParams } from '../../../ui/pagination.ts';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { StatusTag } from '../../../ui/status-tag.tsx';
import { TableEmpty } from '../../../ui/table-empty.tsx';
import { useArticles, useDeleteArticle, usePublishArticle } from '../api/news-api.ts';
import { ArticleEditor } from './article-editor.tsx';
import { ConsoleTable } from '../../../ui/console-table.tsx';

/** Every article, newest first, with its state and actions; the editor opens for a new one or an edit. */
export function ArticlesPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pageParams, setPageParams] = useState<PageParams>(FIRST_PAGE);
  const articles = useArticles(pageParams);
  const publish = usePublishArticle();
  const remove = useDeleteArticle();
  const [editing, setEditing] = useState<AdminNewsArticle | 'new' | null>(null);

  if (articles.error) return <QueryErrorAlert error={articles.error} onRetry={() => void articles.refetch()} />;
  return (
    <>
      <Button type="primary" className="news-new" onClick={() => setEditing('new')}>
        {t('admin.news.newArticle')}
      </Button>
      <ConsoleTable<AdminNewsArticle>
        rowKey="id"
        loading={articles.isFetching}
        dataSource={articles.data?.items ?? []}
        locale={{ emptyText: <TableEmpty text={t('common.noData')} /> }}
        pagination={tablePagination({ pageParams, total: articles.data?.total ?? 0, onChange: setPageParams })}
        columns={[
          { title: t('admin.news.headline'), dataIndex: 'title' },
          { title: t('admin.news.category'), render: (_v, row) => t(`news.categories.${row.category}`) },
          {
            title: t('admin.news.status'),
            render: (_v, row) =>
              row.status === 'published' ? (
                <StatusTag tone="positive">{t('admin.news.published')}</StatusTag>
              ) : (
                <StatusTag tone="waiting">{t('admin.news.draft')}</StatusTag>
              ),
          },
          { title: t('admin.news.source'), render: (_v, row) => row.source ?? t('admin.news.editor') },
          { title: t('admin.news.updated'), render: (_v, row) => <DateTime value={row.updatedAt} /> },
          {
            title: t('admin.news.languages'),
            render: (_v, row) => row.translations.map((translation) => translation.lang).join(', '),
          },
          {
            key: 'actions',
            render: (_v, row) => (
              <Space wrap>
                <Button size="small" onClick={() => setEditing(row)}>
                  {t('admin.news.editArticle')}
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    publish.mutate(
                      { id: row.id, published: row.status !== 'published' },
                      {
                        onSuccess: (saved) =>
                          void message.success(
                            saved.status === 'published'
                              ? t('admin.news.publishedDone')
                              : t('admin.news.unpublishedDone'),
                          ),
                      },
                    )
                  }
                >
                  {row.status === 'published' ? t('admin.news.unpublish') : t('admin.news.publish')}
                </Button>
                {row.status === 'draft' && (
                  <Popconfirm
                    title={t('admin.news.deleteTitle')}
                    onConfirm={() =>
                      remove.mutate(row.id, { onSuccess: () => void message.success(t('admin.news.deleted')) })
                    }
                  >
                    <Button size="small" danger>
                      {t('admin.news.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && (
        <ArticleEditor article={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
