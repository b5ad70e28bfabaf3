import { describe, expect, it } from 'vitest';
import { pinyinOf } from './pinyin.ts';

describe('pinyinOf', () => {
  it.each([
    ['贵州茅台', 'guizhoumaotai gzmt'],
    ['宁德时代', 'ningdeshidai ndsd'],
    ['腾讯控股', 'tengxunkonggu txkg'],
    // Polyphonic characters read as in the company's name: 行 háng (not xíng), 重 chóng in 重庆 but zhòng in 重工,
    // 长 cháng (not zhǎng), 厦 xià (not shà).
    ['工商银行', 'gongshangyinhang gsyh'],
    ['重庆银行', 'chongqingyinhang cqyh'],
    ['三一重工', 'sanyizhonggong syzg'],
    ['长江电力', 'changjiangdianli cjdl'],
    ['厦门国贸', 'xiamenguomao xmgm'],
    // ü is written v, as typed on a Latin keyboard.
    ['隆基绿能', 'longjilvneng ljln'],
    // Traditional characters.
    ['臺積電', 'taijidian tjd'],
    ['台積電', 'taijidian tjd'],
    ['騰訊控股', 'tengxunkonggu txkg'],
  ])('%s → %s', (name, expected) => {
    expect(pinyinOf(name)).toBe(expected);
  });

  it('keeps Latin letters and digits, lower-cased, in both parts', () => {
    expect(pinyinOf('万科A')).toBe('wankea wka');
    expect(pinyinOf('TCL科技')).toBe('tclkeji tclkj');
    expect(pinyinOf('沪深300')).toBe('hushen300 hs300');
    // Full-width forms, as some exchange short names are written.
    expect(pinyinOf('万科Ａ')).toBe('wankea wka');
  });

  it('drops spaces and punctuation, which would break the two-part key', () => {
    expect(pinyinOf('中国 平安')).toBe('zhongguopingan zgpa');
    expect(pinyinOf('*ST康美')).toBe('stkangmei stkm');
  });

  it('returns null for a name without Chinese characters', () => {
    expect(pinyinOf('SAP')).toBeNull();
    expect(pinyinOf('Nestlé')).toBeNull();
    expect(pinyinOf('Εθνική Τράπεζα της Ελλάδος')).toBeNull();
    expect(pinyinOf('')).toBeNull();
  });
});
