import { useTranslation } from 'react-i18next';
import { useMessageEvents, useUnreadCount } from '../api/messages';
import '../messages.css';

/** The number of unread messages in a small red dot (nothing when all are read); live over the stream. */
export function UnreadBadge() {
  const { t } = useTranslation();
  useMessageEvents();
  const unread = useUnreadCount().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="unread-badge" role="status" aria-label={t('messages.unreadCount', { count: unread })}>
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
