import { NativeButton } from '../button/native-button.tsx';
import * as styles from './opt-in-prompt.css.ts';

export interface OptInPromptProps {
  text: string;
  acceptLabel: string;
  onAccept: () => void;
  onDismiss: () => void;
  isPending?: boolean;
  /** Why the last try failed and what to do; shown in the offer, announced, until the next try. */
  problem?: { title: string; description: string } | null;
  className?: string;
}

/** A small inline offer (notifications, say): a sentence, the action and "Not now". Never a modal. */
export function OptInPrompt({ text, acceptLabel, onAccept, onDismiss, isPending = false, problem = null, className }: OptInPromptProps) {
  return (
    <div className={[styles.prompt, className].filter(Boolean).join(' ')} role="region" aria-label={text}>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>
        <NativeButton size="sm" variant="primary" isPending={isPending} onClick={onAccept}>
          {acceptLabel}
        </NativeButton>
        <NativeButton size="sm" variant="ghost" onClick={onDismiss}>
          Not now
        </NativeButton>
      </div>
      <p className={styles.problem} role="alert" hidden={!problem}>
        {problem ? (
          <>
            <span className={styles.problemTitle}>{problem.title}.</span> {problem.description}
          </>
        ) : null}
      </p>
    </div>
  );
}
