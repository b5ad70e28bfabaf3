import { paths } from '../../../lib/paths';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@bourse/shared/schemas/messages';
import { formatUserDateTime } from '../../../ui/format-date';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useMessageEvents, useMessages, useReadAllMessages, useReadMessage, useUnreadCount } from '../api/messages';
import '../messages.css';

function MessageItem({ message, open, onOpen }: { message: Message; open: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const classes = ['message-item', message.read ? '' : 'message-unread', open ? 'message-open' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes}>
      <button type="button" className="message-button" aria-expanded={open} onClick={onOpen}>
        <span className="message-head">
          {!message.read && <span className="message-dot" role="img" aria-label={t('messages.unread')} />}
          <span className="message-title">{message.title}</span>
          {message.kind === 'announcement' && <span className="message-kind">{t('messages.announcement')}</span>}
        </span>
        <span className="message-time">{formatUserDateTime(message.createdAt)}</span>
        <span className="message-body">{message.body}</span>
      </button>
    </li>
  );
}

/**
 * /messages: the investor's notifications and announcements, newest first, in the current
 * language; unread ones marked; a tap opens the whole text and marks it read; new ones arrive live.
 */
export function MessagesRoute() {
  const { t } = useTranslation();
  const messages = useMessages();
  const unread = useUnreadCount().data?.unread ?? 0;
  const read = useReadMessage();
  const readAll = useReadAllMessages();
  const [openId, setOpenId] = useState<number | null>(null);
  useMessageEvents();

  const open = (message: Message) => {
    setOpenId(openId === message.id ? null : message.id);
    if (!message.read) read.mutate(message.id);
  };

  let content;
  if (!messages.data) {
    content = messages.isError ? <QueryError onRetry={() => void messages.refetch()} /> : <PageLoading />;
  } else {
    const items = messages.data.pages.flatMap((page) => page.items);
    content = (
      <RefreshList
        onRefresh={() => messages.refetch()}
        onLoad={() => messages.fetchNextPage()}
        hasMore={messages.hasNextPage}
        empty={items.length === 0 && !messages.hasNextPage}
        emptyText={t('messages.empty')}
        emptyAction={{ label: t('emptyStates.exploreMarket'), to: paths.market.getHref() }}
      >
        {items.length > 0 && (
          <ul className="message-list" aria-label={t('messages.title')}>
            {items.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                open={openId === message.id}
                onOpen={() => open(message)}
              />
            ))}
          </ul>
        )}
      </RefreshList>
    );
  }
  return (
    <Page
      title={t('messages.title')}
      {...(unread > 0 ? { right: t('messages.markAllRead'), onRightClick: () => readAll.mutate() } : {})}
    >
      {content}
    </Page>
  );
}
