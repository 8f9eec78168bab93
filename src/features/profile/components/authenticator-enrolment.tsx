import type { FormEvent } from 'react';
import { Button } from '../../../ui/button/button.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { Text } from '../../../ui/typography/typography.tsx';
import type { TotpEnrollment } from '../data/security.ts';
import * as styles from './profile.css.ts';

export interface AuthenticatorEnrolmentProps {
  enrolment: TotpEnrollment;
  code: string;
  onCodeChange: (code: string) => void;
  codeError: string | undefined;
  isVerifying: boolean;
  onVerify: (event: FormEvent) => void;
  onCancel: () => void;
}

/** Setting up an authenticator app: its QR code (or secret key), then the code it shows to verify it. */
export function AuthenticatorEnrolment({ enrolment, code, onCodeChange, codeError, isVerifying, onVerify, onCancel }: AuthenticatorEnrolmentProps) {
  return (
    <div className={styles.enrolment}>
      <img className={styles.qrCode} src={enrolment.qrCodeSrc} alt="QR code to add NomadNest to your authenticator app" width={176} height={176} />
      <form className={styles.enrolmentSteps} onSubmit={onVerify} noValidate aria-label="Verify authenticator">
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
          onChange={onCodeChange}
          errorMessage={codeError}
        />
        <div className={styles.buttonRow}>
          <Button type="submit" isPending={isVerifying}>
            Verify and turn on
          </Button>
          <Button variant="ghost" onPress={onCancel} isDisabled={isVerifying}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
