import { Button } from 'antd-mobile';
import { SUPPORT_TEXT_MAX } from '@bourse/shared/schemas/support';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** How often the operators are told the investor is still typing. */
export const TYPING_EVERY_MS = 3_000;

export interface ChatComposerProps {
  sending: boolean;
  onSend: (input: { text: string; image: File | null }) => Promise<unknown>;
  onTyping: () => void;
}

/** The text field, the image to attach (with its preview) and the send button. */
export function ChatComposer({ sending, onSend, onTyping }: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  // The preview's object URL, outside state so the unmount clean-up sees the latest one.
  const previewUrl = useRef<string | null>(null);
  const lastTyping = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const fileId = useId();

  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  /** Chooses the image to attach (or none), releasing the previous preview. */
  const choose = (file: File | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = file ? URL.createObjectURL(file) : null;
    setChosen(file && previewUrl.current ? { file, url: previewUrl.current } : null);
    if (!file && fileInput.current) fileInput.current.value = '';
  };

  const image = chosen?.file ?? null;
  const empty = text.trim() === '' && image === null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || sending) return;
    try {
      await onSend({ text, image });
      setText('');
      choose(null);
    } catch {
      // The request layer has shown the server's reason; the draft stays for another try.
    }
  };

  return (
    <form className="chat-composer" onSubmit={(event) => void submit(event)}>
      {chosen && (
        <div className="chat-preview">
          <img src={chosen.url} alt={t('support.chat.preview')} />
          <button type="button" className="chat-preview-remove" onClick={() => choose(null)}>
            {t('support.chat.removeImage')}
          </button>
        </div>
      )}
      <label className="visually-hidden" htmlFor={textId}>
        {t('support.chat.message')}
      </label>
      <textarea
        id={textId}
        className="chat-input"
        value={text}
        maxLength={SUPPORT_TEXT_MAX}
        rows={2}
        placeholder={t('support.chat.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          const now = Date.now();
          if (now - lastTyping.current >= TYPING_EVERY_MS) {
            lastTyping.current = now;
            onTyping();
          }
        }}
      />
      <div className="chat-actions">
        <label className="chat-attach" htmlFor={fileId}>
          {t('support.chat.attach')}
        </label>
        <input
          id={fileId}
          ref={fileInput}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <span className="chat-count" aria-live="off">
          {text.length}/{SUPPORT_TEXT_MAX}
        </span>
        <Button color="primary" size="small" type="submit" disabled={empty} loading={sending}>
          {t('support.chat.send')}
        </Button>
      </div>
    </form>
  );
}
