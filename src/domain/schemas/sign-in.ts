// Auth tab Sign In (docs/product.md §5: all fields required, e-mail input).
import * as v from 'valibot';
import { EMAIL_INVALID, EMAIL_REQUIRED, PASSWORD_REQUIRED } from '../messages.ts';

export const emailField = v.optional(v.pipe(v.string(EMAIL_REQUIRED), v.trim(), v.nonEmpty(EMAIL_REQUIRED), v.email(EMAIL_INVALID)), '');

export const signInSchema = v.object({
  email: emailField,
  // Passwords are taken as typed: spaces may be part of them.
  password: v.optional(v.pipe(v.string(PASSWORD_REQUIRED), v.nonEmpty(PASSWORD_REQUIRED)), ''),
});

export type SignInInput = v.InferInput<typeof signInSchema>;
export type SignIn = v.InferOutput<typeof signInSchema>;
