import type { SupportMessage } from '@bourse/shared/schemas/support';
import { useTranslation } from 'react-i18next';
import { formatUserDateTime } from '../../../ui/format-date';
import { PrivateImage } from './private-image';

/**
 * One line of the chat. The text is rendered as text (a React text node), never as HTML: markup an
 * investor or operator types stays visible characters.
 */
export function ChatMessage({ message, avatar }: { message: SupportMessage; avatar: string | null }) {
  const { t } = useTranslation();
  const mine = message.author === 'investor';
  const author = mine ? t('support.chat.you') : (message.operatorName ?? t('support.chat.operator'));
  return (
    <li className={mine ? 'chat-line chat-line-mine' : 'chat-line'}>
      {mine ? (
        avatar ? (
          <PrivateImage className="chat-avatar" src={avatar} alt="" />
        ) : (
          <span className="chat-avatar chat-avatar-empty" aria-hidden="true" />
        )
      ) : (
        <span className="chat-avatar chat-avatar-operator" aria-hidden="true">
          {author.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="chat-bubble">
        <p className="chat-meta">
          <span className="chat-author">{author}</span>{' '}
          <time dateTime={message.createdAt}>{formatUserDateTime(message.createdAt)}</time>
        </p>
        {message.text !== null && <p className="chat-text">{message.text}</p>}
        {message.attachmentUrl !== null && (
          <PrivateImage className="chat-image" src={message.attachmentUrl} alt={t('support.chat.image')} />
        )}
      </div>
    </li>
  );
}
