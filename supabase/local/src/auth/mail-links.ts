// The links auth mails carry: GoTrue's {{ .ConfirmationURL }}, <api>/auth/v1/verify?token=…&type=…&redirect_to=….
import type { AuthDeps } from './auth-deps.ts';
import type { VerificationType } from './email-tokens.ts';

export function verifyLink(deps: Pick<AuthDeps, 'apiUrl'>, tokenHash: string, type: VerificationType | 'email_change', redirectTo: string): string {
  return `${deps.apiUrl}/auth/v1/verify?${new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo }).toString()}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
