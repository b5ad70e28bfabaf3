import { App, Button, Card, Empty, Input, Select, Space, Tag, Typography } from 'antd';
import { SUPPORT_TEXT_MAX, type SupportConversationDetail } from '@bourse/shared/schemas/support';
import { LANGUAGE_NAMES } from '@bourse/shared/languages';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time.tsx';
import { sendTyping, useAssign, useClose, useReply } from '../api/support.ts';
import { PrivateImage } from './private-image.tsx';

/** How often the investor is told an operator is still typing. */
const TYPING_EVERY_MS = 3_000;

/**
 * One conversation: the investor (nickname, avatar, language), the messages (text shown as text,
 * never HTML), assigning, closing, and the reply with a canned reply in the investor's language
 * and an image. Keyed by the conversation, so a draft never moves to another one.
 */
export function ConversationPanel({
  conversation,
  operatorId,
  investorTyping,
}: {
  conversation: SupportConversationDetail;
  operatorId: number | null;
  investorTyping: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const assign = useAssign();
  const close = useClose();
  const reply = useReply();
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const open = conversation.status === 'open';

  const fail = (error: Error) => void message.error(error.message);
  const send = () => {
    reply.mutate(
      { id: conversation.id, text, image },
      {
        onSuccess: () => {
          setText('');
          setImage(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: fail,
      },
    );
  };

  const who = conversation.nickname ?? conversation.phone;
  return (
    <Card
      title={
        <Space>
          {/* The avatar route belongs to the investor app: a plain image (no operator token sent, so a
              refusal can never end the console session). */}
          {conversation.avatar && <img className="support-avatar" src={conversation.avatar} alt="" />}
          <span>{who}</span>
          <Tag>{LANGUAGE_NAMES[conversation.lang]}</Tag>
          <Tag color={open ? 'blue' : 'default'}>{t(`admin.support.status.${conversation.status}`)}</Tag>
        </Space>
      }
      extra={
        open && (
          <Space>
            {conversation.assigneeId !== operatorId && (
              <Button onClick={() => assign.mutate(conversation.id, { onError: fail })} loading={assign.isPending}>
                {t('admin.support.assignToMe')}
              </Button>
            )}
            <Button danger onClick={() => close.mutate(conversation.id, { onError: fail })} loading={close.isPending}>
              {t('admin.support.close')}
            </Button>
          </Space>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {conversation.assigneeName
          ? t('admin.support.assignedTo', { name: conversation.assigneeName })
          : t('admin.support.unassigned')}
      </Typography.Paragraph>
      <ol className="support-messages" aria-label={t('admin.support.messages')}>
        {conversation.messages.map((m) => (
          <li
            key={m.id}
            className={m.author === 'operator' ? 'support-message support-message-operator' : 'support-message'}
          >
            <div className="support-message-meta">
              <strong>{m.author === 'operator' ? (m.operatorName ?? t('admin.support.operator')) : who}</strong>{' '}
              <DateTime value={m.createdAt} />
            </div>
            {m.text !== null && <div className="support-message-text">{m.text}</div>}
            {m.attachmentUrl && (
              <PrivateImage className="support-message-image" src={m.attachmentUrl} alt={t('admin.support.image')} />
            )}
          </li>
        ))}
      </ol>
      <p className="support-typing" aria-live="polite">
        {investorTyping ? t('admin.support.investorTyping', { name: who }) : ''}
      </p>
      {open ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('admin.support.canned')}
            placeholder={t('admin.support.canned')}
            style={{ width: '100%' }}
            value={null}
            options={conversation.canned.map((c) => ({ value: c.id, label: `${c.title} (${c.lang})` }))}
            onChange={(id: number) => setText(conversation.canned.find((c) => c.id === id)?.text ?? '')}
            notFoundContent={t('admin.support.noCanned')}
          />
          <Input.TextArea
            aria-label={t('admin.support.reply')}
            value={text}
            maxLength={SUPPORT_TEXT_MAX}
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(event) => {
              setText(event.target.value);
              const now = Date.now();
              if (now - lastTyping.current >= TYPING_EVERY_MS) {
                lastTyping.current = now;
                void sendTyping(conversation.id).catch(() => undefined);
              }
            }}
          />
          <Space>
            <label>
              {t('admin.support.attach')}{' '}
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={(event) => setImage(event.target.files?.[0] ?? null)}
              />
            </label>
            <Button type="primary" onClick={send} loading={reply.isPending} disabled={text.trim() === '' && !image}>
              {t('admin.support.send')}
            </Button>
          </Space>
        </Space>
      ) : (
        <Empty description={t('admin.support.closedNote')} />
      )}
    </Card>
  );
}
