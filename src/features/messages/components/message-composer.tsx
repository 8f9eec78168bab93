import { useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGE_PLACEHOLDER } from '../../../domain/messages.ts';
import { MESSAGE_MAX_LENGTH } from '../../../sync/commands/message-send.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import * as styles from '../messages-page.css.ts';

export interface MessageComposerProps {
  /** resolves once the message is stored locally (it is sent when online); false when it could not be (already toasted) */
  onSend(text: string): Promise<boolean>;
  isDisabled?: boolean;
}

/**
 * docs/product.md §5: "Type a message...", Send disabled while the trimmed text is empty. Enter sends,
 * Shift+Enter starts a new line. Sending takes the text out of the box at once and queues its store, so
 * typing goes on while earlier messages are stored, and every Enter counts: the stores run one after
 * another, in the order typed. A message that could not be stored comes back only into an empty box.
 */
export function MessageComposer({ onSend, isDisabled = false }: MessageComposerProps) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const stores = useRef<Promise<void>>(Promise.resolve());
  const canSend = !isDisabled && text.trim().length > 0;

  function send() {
    // The box's own value: what the user sees at this Enter, even before React has rendered the last keystroke.
    const sent = inputRef.current?.value ?? text;
    if (isDisabled || sent.trim().length === 0) return;
    setText('');
    // Pressing Send moves focus to the button: keep typing where you were.
    inputRef.current?.focus();
    stores.current = stores.current.then(async () => {
      const isStored = await onSend(sent).catch(() => false);
      if (!isStored) setText((current) => (current === '' ? sent : current));
    });
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
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
