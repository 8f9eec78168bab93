// The sign-up confirmation mail in the stand-in's mailbox, and its link followed as a browser would:
// GET /auth/v1/verify answers 303 to redirect_to with the session (or the error) in the fragment.

export interface MailboxMail {
  subject: string;
  text: string;
}

/** The newest mail to `email` with this subject (the mailbox lists newest first); throws if there is none. */
export async function latestMail(apiUrl: string, email: string, subject = 'Confirm Your Signup'): Promise<MailboxMail> {
  const mails = (await (await fetch(`${apiUrl}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as MailboxMail[];
  const mail = mails.find((candidate) => candidate.subject === subject);
  if (!mail) throw new Error(`No "${subject}" mail to ${email} in the mailbox`);
  return mail;
}

/** The /auth/v1/verify link a mail carries. */
export function verifyLinkOf(mail: MailboxMail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No verify link in "${mail.subject}"`);
  return link;
}

/** Opens the link without following the redirect; returns where it sends the browser and the fragment's values. */
export async function openVerifyLink(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

/** Confirms `email` through its newest confirmation mail's link; returns the session tokens the link opened. */
export async function confirmThroughMailbox(apiUrl: string, email: string): Promise<{ accessToken: string; refreshToken: string }> {
  const { fragment } = await openVerifyLink(verifyLinkOf(await latestMail(apiUrl, email)));
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (!accessToken || !refreshToken) throw new Error(`The confirmation link of ${email} did not sign in: ${fragment.toString()}`);
  return { accessToken, refreshToken };
}
