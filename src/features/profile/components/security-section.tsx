import { OFFLINE_SECURITY_REASON } from '../../../domain/messages.ts';
import { AlertDialog } from '../../../ui/alert-dialog/alert-dialog.tsx';
import { Button } from '../../../ui/button/button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { AuthenticatorEnrolment } from './authenticator-enrolment.tsx';
import { AuthenticatorList } from './authenticator-list.tsx';
import * as styles from './profile.css.ts';
import { useSecuritySection } from './use-security-section.ts';

/** Security: enrol a TOTP authenticator (QR code and secret), verify it with a code, list and remove factors (docs/product.md §4 MFA). */
export function SecuritySection() {
  const security = useSecuritySection();
  const { isOnline, isUnavailable, factors, verified, removing, setRemoving, isStarting, handleStart, handleRemove } = security;
  const { enrolment, code, setCode, codeError, isVerifying, handleVerify, handleCancel } = security;

  return (
    <Card as="section" padding="md" aria-labelledby="security-title" className={[styles.card, styles.security].join(' ')}>
      <header className={styles.securityHeader}>
        <Heading level={2} size="md" id="security-title">
          Security
        </Heading>
        <Text size="sm" tone="muted">
          Two-factor authentication asks for a code from an authenticator app (Google Authenticator, 1Password, Authy…) each time you sign in.
        </Text>
      </header>

      {isUnavailable || (!isOnline && factors === null) ? (
        <Text tone="muted">{OFFLINE_SECURITY_REASON}</Text>
      ) : factors === null ? (
        <Text tone="muted" role="status">
          Loading security settings...
        </Text>
      ) : verified.length > 0 ? (
        <AuthenticatorList factors={verified} onRemove={setRemoving} />
      ) : enrolment ? null : (
        <Text>
          Two-factor authentication is <strong>off</strong>.
        </Text>
      )}

      {enrolment ? (
        <AuthenticatorEnrolment enrolment={enrolment} code={code} onCodeChange={setCode} codeError={codeError} isVerifying={isVerifying} onVerify={handleVerify} onCancel={() => void handleCancel()} />
      ) : factors !== null ? (
        <div className={styles.buttonRow}>
          <Button variant={verified.length > 0 ? 'outline' : 'primary'} onPress={handleStart} isPending={isStarting} isDisabled={!isOnline}>
            {verified.length > 0 ? 'Add another authenticator' : 'Set up authenticator app'}
          </Button>
        </div>
      ) : null}

      <AlertDialog
        title="Remove authenticator?"
        confirmLabel="Remove"
        isOpen={removing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRemoving(null);
        }}
        onConfirm={handleRemove}
      >
        {verified.length > 1
          ? 'You will no longer be able to sign in with codes from this app.'
          : 'Sign-in will ask for your password only. You can set up an authenticator again at any time.'}
      </AlertDialog>
    </Card>
  );
}
