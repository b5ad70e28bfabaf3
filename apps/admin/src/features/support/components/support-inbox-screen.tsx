import { Badge, Col, Empty, List, Pagination, Row, Tabs, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { SUPPORT_BOXES, SUPPORT_INBOX_TOPIC, type SupportBox } from '@bourse/shared/schemas/support';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentOperator } from '../../../lib/operator-context.ts';
import { useOperatorTopic, type OperatorStreamEvent } from '../../../lib/stream.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { QueryErrorAlert } from '../../../ui/query-error-alert.tsx';
import { markRead, supportQueryKey, useConversation, useConversations } from '../api/support.ts';
import { ConversationPanel } from './conversation-panel.tsx';
import '../support.css';

/** How long "… is typing" stays after the investor's last typing event. */
const TYPING_SHOWN_MS = 5_000;

/**
 * The support inbox: unassigned, mine and closed conversations with their unread counts, one
 * conversation open beside them; new messages, assignments and typing arrive live over the stream.
 */
export function SupportInboxScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const operator = useCurrentOperator();
  const [box, setBox] = useState<SupportBox>('unassigned');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const [typingIn, setTypingIn] = useState<number | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const list = useConversations(box, page);
  const detail = useConversation(selected);

  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: supportQueryKey }), [queryClient]);
  useOperatorTopic(
    SUPPORT_INBOX_TOPIC,
    ({ event, data }: OperatorStreamEvent) => {
      const { conversationId, userId } = (data ?? {}) as { conversationId?: number | null; userId?: number };
      if (event === 'typing') {
        // The investor typing (an operator's typing event carries no userId).
        if (userId === undefined || conversationId == null) return;
        setTypingIn(conversationId);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTypingIn(null), TYPING_SHOWN_MS);
        return;
      }
      if (event === 'message' && conversationId === typingIn) setTypingIn(null);
      refresh();
    },
    refresh,
  );
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  // Opening a conversation (or a new message in the open one) marks the investor's messages read.
  const unread = detail.data?.unread ?? 0;
  useEffect(() => {
    if (selected === null || unread === 0) return;
    void markRead(selected)
      .then(refresh)
      .catch(() => undefined);
  }, [selected, unread, refresh]);

  const counts = list.data?.unread;
  return (
    <>
      <Typography.Title level={1} className="screen-title">
        {t('admin.support.title')}
      </Typography.Title>
      <Tabs
        activeKey={box}
        onChange={(key) => {
          setBox(key as SupportBox);
          setPage(1);
        }}
        items={SUPPORT_BOXES.map((key) => ({
          key,
          // The unread investor messages of the box, when there are any.
          label: counts?.[key] ? `${t(`admin.support.box.${key}`)} (${counts[key]})` : t(`admin.support.box.${key}`),
        }))}
      />
      {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      <Row gutter={16}>
        <Col xs={24} lg={9}>
          <List
            loading={list.isPending}
            locale={{ emptyText: <Empty description={t('admin.support.empty')} /> }}
            dataSource={list.data?.items ?? []}
            renderItem={(item) => (
              <List.Item>
                <button
                  type="button"
                  className={item.id === selected ? 'support-item support-item-selected' : 'support-item'}
                  onClick={() => setSelected(item.id)}
                >
                  <span className="support-item-head">
                    <strong>{item.nickname ?? item.phone}</strong> <Badge count={item.unread} size="small" />
                  </span>
                  <span className="support-item-text">{item.lastText ?? t('admin.support.image')}</span>
                  <span className="support-item-time">
                    <DateTime value={item.lastMessageAt} />
                    {item.assigneeName && ` · ${item.assigneeName}`}
                  </span>
                </button>
              </List.Item>
            )}
          />
          {list.data && list.data.total > list.data.pageSize && (
            <Pagination current={page} pageSize={list.data.pageSize} total={list.data.total} onChange={setPage} />
          )}
        </Col>
        <Col xs={24} lg={15}>
          {detail.data ? (
            <ConversationPanel
              key={detail.data.id}
              conversation={detail.data}
              operatorId={operator.id}
              investorTyping={typingIn === detail.data.id}
            />
          ) : detail.isError ? (
            <QueryErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
          ) : (
            <Empty description={t('admin.support.pick')} />
          )}
        </Col>
      </Row>
    </>
  );
}
