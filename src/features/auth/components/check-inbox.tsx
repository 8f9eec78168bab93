import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/button/button.tsx';
import { useConfirmationLanding } from '../use-confirmation-landing.ts';
import { ResendConfirmation } from './resend-confirmation.tsx';
import * as styles from './auth-forms.css.ts';

/**
 * After sign-up when the project confirms e-mail first (docs/decisions/email-confirmation.md): the address
 * the link went to, Resend, and a way back to correct the address. The link signs the user in and carries
 * on where sign-up was headed, in this tab or a new one.
 */
export function CheckInbox({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  // The form the user pressed Create Account in is gone: keyboard and screen-reader users land on this title.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // The link opened in another tab signs this one in too (the auth client tells its other tabs): go on here as well.
  useConfirmationLanding(true);
  return (
    <section className={styles.sent} aria-labelledby="check-inbox-title">
      <h2 ref={headingRef} id="check-inbox-title" className={styles.heading} tabIndex={-1}>
        Check your inbox
      </h2>
      <p className={styles.intro}>
        We've sent a confirmation link to <strong className={styles.address}>{email}</strong>. Open it to finish signing up; you'll
        carry on where you left off.
      </p>
      <p className={styles.hint}>The link works once and for an hour. Nothing there? Check your spam folder, or send it again.</p>
      <ResendConfirmation email={email} />
      <Button variant="ghost" isFullWidth onPress={onChangeEmail}>
        Use a different email
      </Button>
    </section>
  );
}
