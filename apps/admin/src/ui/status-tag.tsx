import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** What a status means for the operator, which decides its colour. */
export type StatusTone = 'waiting' | 'positive' | 'negative' | 'neutral';

// Text and background pairs above 7:1 (antd's preset tag colours fall below 4.5:1).
const STYLES: Record<StatusTone, { color: string; background: string; borderColor: string }> = {
  waiting: { color: '#873800', background: '#fff7e6', borderColor: '#ffc069' },
  positive: { color: '#135200', background: '#f6ffed', borderColor: '#95de64' },
  negative: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
  neutral: { color: '#434343', background: '#f5f5f5', borderColor: '#bfbfbf' },
};

export function StatusTag({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <Tag style={STYLES[tone]}>{children}</Tag>;
}
