import { initials } from '../../../domain/initials.ts';
import { Avatar } from '../../../ui/avatar/avatar.tsx';
import { ChevronLeftIcon } from '../../../ui/icon/icons.tsx';
import { LinkButton } from '../../../ui/link/link.tsx';
import * as styles from '../messages-page.css.ts';

export interface ChatHeaderProps {
  name: string;
  photo: string | null;
  /** "Guest", "Host", or "House chat · members" */
  detail: string | null;
}

/** The chat's title bar; on phones it leads back to the list (the panes stack there). */
export function ChatHeader({ name, photo, detail }: ChatHeaderProps) {
  return (
    <header className={styles.chatHeader}>
      <LinkButton href="/messages" variant="ghost" size="sm" icon={<ChevronLeftIcon />} className={styles.backButton} aria-label="Back to conversations">
        Back
      </LinkButton>
      <Avatar src={photo} alt={name} initials={initials(name)} />
      <div className={styles.headerText}>
        <h2 className={styles.headerName}>{name}</h2>
        {detail ? (
          <p className={styles.headerDetail} title={detail}>
            {detail}
          </p>
        ) : null}
      </div>
    </header>
  );
}
