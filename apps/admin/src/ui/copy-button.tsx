import { App, Button, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

async function writeToClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Without a secure context (a console reached over plain HTTP on the office network) the async
  // clipboard API is missing; a selected off-screen field and the copy command still work there.
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('copy command refused');
}

const CONFIRMATION_MS = 2_000;

/** Copies `text` and says so for two seconds; `label` names what is copied for screen readers. */
export function CopyButton({ text, label, size }: { text: string; label: string; size?: ButtonProps['size'] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await writeToClipboard(text);
      setCopied(true);
    } catch {
      void message.error(t('common.submitFailed'));
    }
  };

  const state = copied ? t('common.copied') : t('common.copy');
  return (
    <Button size={size} onClick={() => void copy()} aria-label={`${state}: ${label}`}>
      {state}
    </Button>
  );
}
