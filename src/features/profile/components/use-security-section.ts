import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { serverErrorToast } from '../../../domain/messages.ts';
import { useIsOnline } from '../../../hooks/use-is-online.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { logger } from '../../../lib/logger.ts';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { confirmAuthenticator, loadFactors, removeFactor, startAuthenticatorSetup, type MfaFactor, type TotpEnrollment } from '../data/security.ts';

const codePattern = /^\d{6}$/;
const CODE_INVALID = 'Enter the 6-digit code from your authenticator app';

function showServerError(error: unknown) {
  const failure = serverErrorToast(errorMessage(error));
  toast.error(failure.title, failure.description);
}

/** The user's authenticators (read from the auth server whenever online), and setting one up, verifying and removing it. */
export function useSecuritySection() {
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

  return { isOnline, isUnavailable, factors, verified, removing, setRemoving, isStarting, handleStart, handleRemove, enrolment, code, setCode, codeError, isVerifying, handleVerify, handleCancel };
}
