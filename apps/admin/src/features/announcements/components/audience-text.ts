import type { TFunction } from 'i18next';
import { LANGUAGE_NAMES } from '@bourse/shared/languages';
import type { AnnouncementAudience } from '@bourse/shared/schemas/messages';

/** An audience in words: the segment and what narrows it. */
export function audienceText(t: TFunction, audience: AnnouncementAudience): string {
  const segment = t(`admin.announcements.segments.${audience.segment}`);
  switch (audience.segment) {
    case 'everyone':
      return segment;
    case 'level':
      return `${segment} ${audience.minLevel}`;
    case 'identity':
      return `${segment}: ${t(`kyc.${audience.status}`)}`;
    case 'language':
      return `${segment}: ${audience.languages.map((lang) => LANGUAGE_NAMES[lang]).join(', ')}`;
    case 'users':
      return `${segment}: ${audience.userIds.join(', ')}`;
  }
}
