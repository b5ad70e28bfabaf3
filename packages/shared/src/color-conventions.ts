/**
 * How rises and falls are coloured: `red-up` (up red, down green — the mainland China, Hong Kong and
 * Taiwan habit) or `green-up`. Null (never chosen) follows the language: zh-CN and zh-TW red-up.
 *
 * No zod here: the investor app applies the convention before its first paint.
 */
export const COLOR_CONVENTIONS = ['red-up', 'green-up'] as const;
