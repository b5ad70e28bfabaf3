import type { TFunction } from 'i18next';

/** The translated name of a member level (1..5); the number itself for any other. */
export function levelName(t: TFunction, level: number): string {
  switch (level) {
    case 1:
      return t('members.levelNames.level1');
    case 2:
      return t('members.levelNames.level2');
    case 3:
      return t('members.levelNames.level3');
    case 4:
      return t('members.levelNames.level4');
    case 5:
      return t('members.levelNames.level5');
    default:
      return String(level);
  }
}
