// The sign-in mails GoTrue sends with its default templates (internal/mailer/template): the magic link, the
// invite and the reauthentication code. Each carries the 6-digit code; the links open GET /verify.
import type { AuthDeps } from './auth-deps.ts';
import type { ConfirmationMail } from './confirmation-mail.ts';
import { escapeHtml } from './mail-links.ts';

function mail(deps: Pick<AuthDeps, 'config'>, to: string, subject: string, text: string, html: string): ConfirmationMail {
  return { from: deps.config.mailerSender, to: [to], subject, text, html };
}

export function magicLinkMail(deps: Pick<AuthDeps, 'config'>, to: string, link: string, code: string): ConfirmationMail {
  return mail(
    deps,
    to,
    'Your Magic Link',
    `Follow this link to login:\n${link}\n\nAlternatively, enter the code: ${code}\n`,
    `<h2>Magic Link</h2><p>Follow this link to login:</p><p><a href="${escapeHtml(link)}">Log In</a></p><p>Alternatively, enter the code: ${code}</p>`,
  );
}

export function inviteMail(deps: Pick<AuthDeps, 'config'>, to: string, link: string, code: string): ConfirmationMail {
  const site = deps.config.siteUrl;
  return mail(
    deps,
    to,
    'You have been invited',
    `You have been invited to create a user on ${site}. Follow this link to accept the invite:\n${link}\n\nAlternatively, enter the code: ${code}\n`,
    `<h2>You have been invited</h2><p>You have been invited to create a user on ${escapeHtml(site)}. Follow this link to accept the invite:</p><p><a href="${escapeHtml(link)}">Accept the invite</a></p><p>Alternatively, enter the code: ${code}</p>`,
  );
}

export function reauthenticationMail(deps: Pick<AuthDeps, 'config'>, to: string, code: string): ConfirmationMail {
  return mail(deps, to, 'Confirm reauthentication', `Enter the code: ${code}\n`, `<h2>Confirm reauthentication</h2><p>Enter the code: ${code}</p>`);
}
