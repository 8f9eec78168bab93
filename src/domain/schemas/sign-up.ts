// Auth tab Sign Up: full name, e-mail, password of at least 6, and the Guest/Host choice (docs/product.md §2, §5).
import * as v from 'valibot';
import { USER_ROLES } from '../constants.ts';
import { FULL_NAME_REQUIRED, PASSWORD_BLANK, PASSWORD_REQUIRED, PASSWORD_TOO_SHORT, ROLE_REQUIRED } from '../messages.ts';
import { requiredChoice, requiredText } from './fields.ts';
import { emailField } from './sign-in.ts';

export const PASSWORD_MIN_LENGTH = 6;

export const signUpSchema = v.object({
  name: requiredText(FULL_NAME_REQUIRED),
  email: emailField,
  password: v.optional(
    v.pipe(
      v.string(PASSWORD_REQUIRED),
      v.nonEmpty(PASSWORD_REQUIRED),
      // Kept as typed, spaces included, but not spaces only: the auth server refuses those as weak.
      v.check((password) => password === '' || password.trim() !== '', PASSWORD_BLANK),
      v.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT),
    ),
    '',
  ),
  role: requiredChoice(USER_ROLES, ROLE_REQUIRED),
});

export type SignUpInput = v.InferInput<typeof signUpSchema>;
export type SignUp = v.InferOutput<typeof signUpSchema>;
