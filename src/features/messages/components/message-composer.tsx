import { useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGE_PLACEHOLDER } from '../../../domain/messages.ts';
import { MESSAGE_MAX_LENGTH } from '../../../sync/commands/message-send.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import * as styles from '../messages-page.css.ts';

export interface MessageComposerProps {
  /** resolves once the message is stored locally (it is sent when online) */
  onSend(text: string): Promise<boolean>;
  isDisabled?: boolean;
}

/**
 * docs/product.md §2/§5: "Type a message...", Send disabled while the trimmed text is empty or a send is in
 * progress. Enter sends, Shift+Enter starts a new line.
 */
export function MessageComposer({ onSend, isDisabled = false }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const canSend = !isDisabled && !isSending && text.trim().length > 0;

  async function send() {
    if (!canSend) return;
    setSending(true);
    try {
      if (await onSend(text)) setText('');
    } finally {
      setSending(false);
      // Pressing Send moved focus to the (now disabled) button: keep typing where you were.
      inputRef.current?.focus();
    }
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        ref={inputRef}
        aria-label="Message"
        rows={1}
        placeholder={MESSAGE_PLACEHOLDER}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MESSAGE_MAX_LENGTH}
        disabled={isDisabled}
        className={styles.composerInput}
        onKeyDown={handleKeyDown}
      />
      <NativeButton type="submit" disabled={!canSend}>
        Send
      </NativeButton>
    </form>
  );
}
