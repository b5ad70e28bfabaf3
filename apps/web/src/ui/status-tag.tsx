import type { ReactNode } from 'react';
import { Tag } from 'antd-mobile';

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** Outline colours that keep text at 4.5:1 or more against white (WCAG AA). */
const TONE_COLORS: Record<StatusTone, string> = {
  neutral: '#595959',
  info: '#0958d9',
  success: '#0a7a45',
  warning: '#ad4e00',
  danger: '#cf1322',
};

/** A small status label (verification state, online/offline, order status…). */
export function StatusTag({ tone = 'neutral', children }: { tone?: StatusTone; children: ReactNode }) {
  return (
    <Tag className="status-tag" color={TONE_COLORS[tone]} fill="outline">
      {children}
    </Tag>
  );
}
