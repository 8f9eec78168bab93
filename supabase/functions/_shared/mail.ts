// Sends one e-mail: through Resend when RESEND_API_KEY is set, else to the local mailbox at
// MAILBOX_URL (the stand-in's inbox page). Throws when neither is configured or the send fails.
import { getEnv } from './env.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const defaultFrom = 'NomadNest <bookings@nomadnest.local>';

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`mail send to ${new URL(url).host} failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
}

export async function sendMail(mail: Mail): Promise<void> {
  const from = getEnv('MAIL_FROM') ?? defaultFrom;
  const resendKey = getEnv('RESEND_API_KEY');
  if (resendKey) {
    await post('https://api.resend.com/emails', { from, ...mail }, { authorization: `Bearer ${resendKey}` });
    return;
  }
  const mailbox = getEnv('MAILBOX_URL');
  if (!mailbox) throw new Error('No mail transport: set RESEND_API_KEY (or MAILBOX_URL for a local mailbox)');
  await post(`${mailbox.replace(/\/+$/, '')}/api/send`, { from, ...mail });
}
