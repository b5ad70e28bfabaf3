import { pinyin } from 'pinyin-pro';

// Unified_Ideograph rather than Script=Han: the latter also matches radicals and marks such as 々 and 〇,
// which alone do not make a name Chinese.
const IDEOGRAPH = /\p{Unified_Ideograph}/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/**
 * The pinyin search key of an instrument name, "<syllables> <initials>" in lower case without tones
 * (贵州茅台 → "guizhoumaotai gzmt"), so that a user can find a Chinese name by typing either; null for
 * a name without Chinese characters.
 *
 * Latin letters and digits inside the name stay in both parts (万科A → "wankea wka"), since users
 * type them as they are. Spaces and punctuation are dropped: the key is split on its one space, and
 * "*ST" style marks are never typed in a search.
 *
 * Whole words are converted at once so that pinyin-pro resolves polyphonic characters from their
 * word (银行 → yinhang, 重庆 → chongqing). Its word dictionary is simplified Chinese: traditional
 * names get correct readings character by character, but a polyphonic character inside one may take
 * its most common reading (銀行 → yinxing), so convert a name's zh-CN form where it has one.
 */
export function pinyinOf(name: string): string | null {
  // NFKC turns full-width Latin letters and digits, common in exchange short names (万科Ａ), into ASCII.
  const text = name.normalize('NFKC');
  if (!IDEOGRAPH.test(text)) return null;

  let syllables = '';
  let initials = '';
  // v: true writes ü as v (绿 → lv), the way it is typed on a Latin keyboard.
  for (const char of pinyin(text, { type: 'all', toneType: 'none', v: true })) {
    if (char.isZh && char.pinyin !== '') {
      syllables += char.pinyin;
      initials += char.pinyin.charAt(0);
    } else if (LETTER_OR_DIGIT.test(char.origin) && !IDEOGRAPH.test(char.origin)) {
      // An ideograph pinyin-pro has no reading for (a rare extension character) is left out.
      const kept = char.origin.toLowerCase();
      syllables += kept;
      initials += kept;
    }
  }
  return syllables === '' ? null : `${syllables.toLowerCase()} ${initials.toLowerCase()}`;
}
