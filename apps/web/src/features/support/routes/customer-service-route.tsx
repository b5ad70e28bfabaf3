import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { supportMessage, type SupportHistory } from '@bourse/shared/schemas/support';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportInfoQueryOptions } from '../../../lib/api/get-support-info';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { useTopic, type StreamTopicMessage } from '../../../lib/stream';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import {
  allMessages,
  historyQueryKey,
  markSupportRead,
  sendTyping,
  supportUnreadQueryOptions,
  useSendSupportMessage,
  useSupportHistory,
  withMessage,
} from '../api/support';
import { ChatComposer } from '../components/chat-composer';
import { ChatMessage } from '../components/chat-message';
import '../support.css';

/** How long "… is typing" stays after the operator's last keystroke event. */
export const TYPING_SHOWN_MS = 5_000;

/**
 * /customerService and /cms/web: the investor's chat with customer service — the history (earlier
 * pages on request), the opening hours with a note outside them, replies and the operator typing
 * live over the stream, and the composer with an image to attach.
 */
export function CustomerServiceRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const history = useSupportHistory();
  const info = useQuery(supportInfoQueryOptions());
  const user = useUserInfo();
  const send = useSendSupportMessage();
  const [typing, setTyping] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const end = useRef<HTMLDivElement>(null);

  const messages = allMessages(history.data);
  const newest = history.data?.pages[0];
  const unread = newest?.unread ?? 0;

  const markRead = useCallback(async () => {
    await markSupportRead();
    queryClient.setQueryData(supportUnreadQueryOptions().queryKey, 0);
    queryClient.setQueryData<InfiniteData<SupportHistory>>(historyQueryKey, (data) =>
      data ? { ...data, pages: data.pages.map((page, i) => (i === 0 ? { ...page, unread: 0 } : page)) } : data,
    );
  }, [queryClient]);

  useEffect(() => {
    if (unread > 0) void markRead().catch(() => undefined);
  }, [unread, markRead]);

  useEffect(() => () => clearTimeout(typingTimer.current), []);

  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  useTopic('support', (message: StreamTopicMessage) => {
    if (message.type !== 'event') return;
    if (message.event === 'message') {
      const parsed = supportMessage.safeParse(message.data);
      if (!parsed.success) return;
      queryClient.setQueryData<InfiniteData<SupportHistory>>(historyQueryKey, (data) => withMessage(data, parsed.data));
      if (parsed.data.author === 'operator') {
        setTyping(null);
        void markRead().catch(() => undefined);
      }
    } else if (message.event === 'typing') {
      const name = (message.data as { operatorName?: unknown } | null)?.operatorName;
      setTyping(typeof name === 'string' ? name : t('support.chat.operator'));
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    } else if (message.event === 'assigned' || message.event === 'closed') {
      void queryClient.invalidateQueries({ queryKey: historyQueryKey });
    }
  });

  const conversation = newest?.conversation ?? null;
  let body;
  if (!history.data) {
    body = history.isError ? <QueryError onRetry={() => void history.refetch()} /> : <PageLoading />;
  } else {
    body = (
      <>
        {history.hasNextPage && (
          <button
            type="button"
            className="chat-earlier"
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {t('support.chat.earlier')}
          </button>
        )}
        {messages.length === 0 ? (
          <p className="chat-empty">{t('support.chat.empty')}</p>
        ) : (
          <ol className="chat-list" aria-label={t('support.chat.history')}>
            {messages.map((message) => (
              <ChatMessage key={message.id} message={message} avatar={user.data?.avatar ?? null} />
            ))}
          </ol>
        )}
        {conversation?.status === 'closed' && <p className="chat-note">{t('support.chat.closed')}</p>}
        <div ref={end} />
      </>
    );
  }

  return (
    <Page title={t('support.title')} className="chat-page">
      <section className="chat-status" aria-label={t('support.chat.status')}>
        {info.data && <p className="chat-hours">{t('support.hours', { hours: info.data.hours })}</p>}
        {info.data && !info.data.online && <p className="chat-offline">{t('support.chat.offHours')}</p>}
        {conversation?.status === 'open' && conversation.assigneeName && (
          <p className="chat-assignee">{t('support.chat.assignee', { name: conversation.assigneeName })}</p>
        )}
      </section>
      <div className="chat-body">{body}</div>
      <p className="chat-typing" aria-live="polite">
        {typing ? t('support.chat.typing', { name: typing }) : ''}
      </p>
      <ChatComposer
        sending={send.isPending}
        onSend={(input) => send.mutateAsync(input)}
        onTyping={() => void sendTyping().catch(() => undefined)}
      />
    </Page>
  );
}
