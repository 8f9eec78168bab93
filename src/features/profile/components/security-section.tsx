import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import { OFFLINE_SECURITY_REASON, serverErrorToast } from '../../../domain/messages.ts';
import { logger } from '../../../lib/logger.ts';
import { AlertDialog } from '../../../ui/alert-dialog/alert-dialog.tsx';
import { Badge } from '../../../ui/badge/badge.tsx';
import { Button } from '../../../ui/button/button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import { confirmAuthenticator, loadFactors, removeFactor, startAuthenticatorSetup, type MfaFactor, type TotpEnrollment } from '../data/security.ts';
import * as styles from './profile.css.ts';
import { errorMessage } from '../../../lib/error-message.ts';

const codePattern = /^\d{6}$/;
const CODE_INVALID = 'Enter the 6-digit code from your authenticator app';
const addedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

function showServerError(error: unknown) {
  const failure = serverErrorToast(errorMessage(error));
  toast.error(failure.title, failure.description);
}

/** Security: enrol a TOTP authenticator (QR code and secret), verify it with a code, list and remove factors (docs/product.md §4 MFA). */
export function SecuritySection() {
  const [factors, setFactors] = useState<MfaFactor[] | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrollment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [isStarting, setStarting] = useState(false);
  const [isVerifying, setVerifying] = useState(false);
  const [removing, setRemoving] = useState<MfaFactor | null>(null);

  // Authenticators live on the auth server only: offline they cannot be read or changed, so the
  // section says so instead of claiming two-factor is off.
  const [isUnavailable, setUnavailable] = useState(false);
  const isOnline = useIsOnline();

  const refresh = useCallback(async () => {
    try {
      setFactors(await loadFactors());
      setUnavailable(false);
    } catch (error) {
      logger.warn('Loading authenticators failed', error);
      setFactors(null);
      setUnavailable(true);
    }
  }, []);

  useEffect(() => {
    if (isOnline) void refresh();
  }, [refresh, isOnline]);

  const verified = (factors ?? []).filter((factor) => factor.status === 'verified');

  async function handleStart() {
    setStarting(true);
    try {
      setEnrolment(await startAuthenticatorSetup(factors ?? []));
      setCode('');
      setCodeError(undefined);
    } catch (error) {
      showServerError(error);
    } finally {
      setStarting(false);
    }
  }

  async function handleCancel() {
    if (!enrolment) return;
    const { factorId } = enrolment;
    setEnrolment(null);
    // An unverified factor does nothing at sign-in; removing it just keeps the list tidy.
    await removeFactor(factorId).catch((error: unknown) => logger.warn('Removing an unfinished authenticator failed', error));
    await refresh();
  }

  async function handleVerify(event: FormEvent) {
    event.preventDefault();
    if (!enrolment) return;
    const trimmed = code.replace(/\s/g, '');
    if (!codePattern.test(trimmed)) {
      setCodeError(CODE_INVALID);
      return;
    }
    setCodeError(undefined);
    setVerifying(true);
    try {
      await confirmAuthenticator(enrolment.factorId, trimmed);
      setEnrolment(null);
      toast.success('Two-factor authentication enabled', "You'll enter a code from your authenticator app when you sign in.");
      await refresh();
    } catch (error) {
      showServerError(error);
    } finally {
      setVerifying(false);
    }
  }

  async function handleRemove() {
    if (!removing) return;
    try {
      await removeFactor(removing.id);
      toast.success('Authenticator removed');
      await refresh();
    } catch (error) {
      showServerError(error);
      throw error;
    }
  }

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
        <ul className={styles.factorList} aria-label="Authenticator apps">
          {verified.map((factor) => (
            <li key={factor.id} className={styles.factor}>
              <span className={styles.factorText}>
                <span className={styles.factorName}>
                  {factor.friendlyName ?? 'Authenticator app'} <Badge variant="success">Active</Badge>
                </span>
                {factor.createdAt ? (
                  <Text as="span" size="sm" tone="muted">
                    Added {addedOn.format(new Date(factor.createdAt))}
                  </Text>
                ) : null}
              </span>
              <Button variant="outline" size="sm" onPress={() => setRemoving(factor)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : enrolment ? null : (
        <Text>
          Two-factor authentication is <strong>off</strong>.
        </Text>
      )}

      {enrolment ? (
        <div className={styles.enrolment}>
          <img className={styles.qrCode} src={enrolment.qrCodeSrc} alt="QR code to add NomadNest to your authenticator app" width={176} height={176} />
          <form className={styles.enrolmentSteps} onSubmit={handleVerify} noValidate aria-label="Verify authenticator">
            <Text weight="semibold">1. Scan the QR code with your authenticator app</Text>
            <div>
              <Text size="sm" tone="muted">
                Can't scan it? Enter this key instead:
              </Text>
              <code className={styles.secret} aria-label="Secret key">
                {enrolment.secret}
              </code>
            </div>
            <Text weight="semibold">2. Enter the 6-digit code it shows</Text>
            <TextField
              label="Authentication code"
              className={styles.codeField}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              maxLength={7}
              value={code}
              onChange={setCode}
              errorMessage={codeError}
            />
            <div className={styles.buttonRow}>
              <Button type="submit" isPending={isVerifying}>
                Verify and turn on
              </Button>
              <Button variant="ghost" onPress={() => void handleCancel()} isDisabled={isVerifying}>
                Cancel
              </Button>
            </div>
          </form>
        </div>
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
