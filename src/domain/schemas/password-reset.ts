// Forgot password (an e-mail to send the recovery link to) and the reset screen (a new password with
// the sign-up rule: at least 6 characters).
import * as v from 'valibot';
import { PASSWORD_REQUIRED, PASSWORD_TOO_SHORT } from '../messages.ts';
import { emailField } from './sign-in.ts';
import { PASSWORD_MIN_LENGTH } from './sign-up.ts';

export const forgotPasswordSchema = v.object({ email: emailField });

export const newPasswordSchema = v.object({
  password: v.optional(
    v.pipe(v.string(PASSWORD_REQUIRED), v.nonEmpty(PASSWORD_REQUIRED), v.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)),
    '',
  ),
});
