// Two-factor sign-in cannot be skipped with the password alone (docs/decisions/mfa-aal2.md): for a user
// with a verified TOTP factor, an aal1 session (password only) may not enrol another factor, remove one,
// change the password or e-mail, nor read or write the user's data through REST, RPC or Storage; the same
// calls at aal2 work, and users without a factor are not affected.
import sharp from 'sharp';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOptions, startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import { totpCode } from '../local/auth-support.ts';
import { buildAttackWorld, expectNoRows, expectNothingChanged, type AttackWorld } from './support/attack-world.ts';

const password = 'correct-horse-battery-1';
const endpoint = 'https://fcm.googleapis.com/fcm/send/aal1-attacker-device';
const p256dh = `B${'A'.repeat(86)}`;
const pushSecret = 'A'.repeat(22);

interface Protected {
  user: TestUser;
  /** the owner's own session, upgraded to aal2 by the factor */
  aal2: SupabaseClient;
  /** a fresh password sign-in: what someone who learned the password holds */
  aal1: SupabaseClient;
  factorId: string;
  secret: string;
}

function claimsOf(client: SupabaseClient): Promise<Record<string, unknown>> {
  return client.auth.getSession().then(({ data }) => JSON.parse(Buffer.from(data.session?.access_token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>);
}

async function passwordSignIn(t: TestServer, email: string): Promise<SupabaseClient> {
  const client = createClient(t.url, t.server.keys.anonKey, clientOptions);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

/** Enrols and verifies a TOTP factor on the user's own session (aal2), then signs in again with the password only. */
async function protectWithTotp(t: TestServer, user: TestUser): Promise<Protected> {
  const enrolled = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error || enrolled.data.type !== 'totp') throw enrolled.error ?? new Error('no totp factor');
  const { id: factorId, totp } = enrolled.data;
  const verified = await user.client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(totp.secret) });
  if (verified.error) throw verified.error;
  return { user, aal2: user.client, aal1: await passwordSignIn(t, user.email), factorId, secret: totp.secret };
}

describe.each(testEngines)('two-factor accounts need aal2 (%s)', (engine) => {
  let t: TestServer;
  let w: AttackWorld;
  let guest: Protected;
  let host: Protected;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    w = await buildAttackWorld(t);
    // The paid guest has a booking at the visible host's villa, a conversation with the host and a device.
    const sent = await w.paidGuest.client.from('messages').insert({ sender_id: w.paidGuest.id, receiver_id: w.visibleHost.id, text: 'Arriving on the 3rd', conversation_type: 'host_guest' });
    if (sent.error) throw sent.error;
    const device = await w.paidGuest.client.rpc('register_push_subscription', { p_endpoint: 'https://fcm.googleapis.com/fcm/send/owner-phone', p_p256dh: p256dh, p_auth: pushSecret });
    if (device.error) throw device.error;
    guest = await protectWithTotp(t, w.paidGuest);
    host = await protectWithTotp(t, w.visibleHost);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the password sign-in aal1 and the owner aal2', async () => {
    expect((await claimsOf(guest.aal1)).aal).toBe('aal1');
    expect((await claimsOf(guest.aal2)).aal).toBe('aal2');
    expect((await guest.aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
  });

  describe('auth at aal1', () => {
    it('refuses enrolling another factor, as GoTrue does (403 insufficient_aal)', async () => {
      const attempt = await guest.aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Attacker phone' });
      expect(attempt.error).toMatchObject({ status: 403, code: 'insufficient_aal', message: 'AAL2 required to enroll a new factor' });
      const factors = await guest.aal2.auth.mfa.listFactors();
      expect(factors.data?.all.map((factor) => factor.id)).toEqual([guest.factorId]);
    });

    it("refuses removing the owner's verified factor (422 insufficient_aal)", async () => {
      const attempt = await guest.aal1.auth.mfa.unenroll({ factorId: guest.factorId });
      expect(attempt.error).toMatchObject({ status: 422, code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' });
      expect((await guest.aal2.auth.mfa.listFactors()).data?.totp.map((factor) => factor.id)).toEqual([guest.factorId]);
    });

    it('refuses changing the password or the e-mail (401 insufficient_aal); the metadata may change', async () => {
      const refused = { status: 401, code: 'insufficient_aal', message: 'AAL2 session is required to update email or password when MFA is enabled.' };
      expect((await guest.aal1.auth.updateUser({ password: 'attacker-owns-this-1' })).error).toMatchObject(refused);
      expect((await guest.aal1.auth.updateUser({ email: 'attacker@evil.test' })).error).toMatchObject(refused);
      expect((await guest.aal1.auth.updateUser({ data: { locale: 'en' } })).error).toBeNull();
      // The password is still the owner's (passwordSignIn throws otherwise).
      await passwordSignIn(t, guest.user.email);
    });
  });

  describe('data at aal1', () => {
    it("reads none of the owner's rows", async () => {
      const client = guest.aal1;
      const id = guest.user.id;
      expectNoRows(await client.from('profiles').select('id, bio').eq('id', id));
      expectNoRows(await client.from('user_roles').select('role').eq('user_id', id));
      expectNoRows(await client.from('bookings').select('id, total_price'));
      expectNoRows(await client.from('booking_payments').select('id'));
      expectNoRows(await client.from('booking_refunds').select('id'));
      expectNoRows(await client.from('messages').select('id, text'));
      expectNoRows(await client.from('push_subscriptions').select('endpoint'));
      expectNoRows(await client.from('notification_preferences').select('messages'));
      expectNoRows(await client.rpc('get_conversation_summaries'));
      expectNoRows(await host.aal1.from('bookings').select('id, guest_email'));
      expectNoRows(await host.aal1.rpc('get_housemates', { p_property_id: w.villa.id }));
    });

    it("writes nothing of the owner's, nor as the owner", async () => {
      await expectNothingChanged(t, async () => {
        const client = guest.aal1;
        const id = guest.user.id;
        expectNoRows(await client.from('profiles').update({ bio: 'pwned' }).eq('id', id).select('id'));
        expect((await client.rpc('update_own_profile', { p_patch: { bio: 'pwned' }, p_base: { bio: null } })).error).not.toBeNull();
        expect((await client.from('messages').insert({ sender_id: id, receiver_id: w.visibleHost.id, text: 'send the deposit here', conversation_type: 'host_guest' })).error).not.toBeNull();
        expectNoRows(await client.from('bookings').update({ status: 'cancelled' }).eq('id', w.bookings.paid).select('id'));
        expect((await client.rpc('register_push_subscription', { p_endpoint: endpoint, p_p256dh: p256dh, p_auth: pushSecret })).error).toMatchObject({ code: '42501' });
        expectNoRows(await client.from('push_subscriptions').delete().eq('user_id', id).select('id'));
        expect((await client.from('notification_preferences').upsert({ user_id: id, messages: false })).error).not.toBeNull();
        expect((await host.aal1.from('properties').insert({ host_id: host.user.id, name: 'Fake villa', city: 'Canggu', country: 'Indonesia', price_per_week: 1 })).error).not.toBeNull();
        expectNoRows(await host.aal1.from('properties').update({ name: 'Defaced' }).eq('id', w.villa.id).select('id'));
        expectNoRows(await host.aal1.from('rooms').delete().eq('id', w.villa.roomIds[5]!).select('id'));
        const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#333' } }).png().toBuffer();
        const upload = await host.aal1.storage.from('property-photos').upload(`${w.villa.id}/aal1.png`, photo, { contentType: 'image/png' });
        expect(upload.error).not.toBeNull();
        expect((await host.aal1.storage.from('profile-photos').upload(`${host.user.id}/aal1.png`, photo, { contentType: 'image/png' })).error).not.toBeNull();
      });
    });

    it('calls no Edge Function as the owner (403 insufficient_aal), which act with the service role past RLS', async () => {
      await expectNothingChanged(t, async () => {
        const calls: [SupabaseClient, string, Record<string, unknown>][] = [
          [guest.aal1, 'cancel-booking', { bookingId: w.bookings.paid }],
          [guest.aal1, 'create-booking-checkout', { bookingId: w.bookings.paid, paymentPlan: 'full' }],
          [guest.aal1, 'verify-booking-payment', { bookingId: w.bookings.paid }],
          [host.aal1, 'decline-booking', { bookingId: w.bookings.paid }],
          [host.aal1, 'create-connect-account', {}],
        ];
        for (const [client, name, body] of calls) {
          const { error } = await client.functions.invoke(name, { body });
          const answer = (await (error as { context?: Response } | null)?.context?.json()) as { code?: string } | undefined;
          expect({ name, status: (error as { context?: Response } | null)?.context?.status, code: answer?.code }).toEqual({ name, status: 403, code: 'insufficient_aal' });
        }
      });
    });
  });

  describe('at aal2', () => {
    it('the owner reads and writes as before', async () => {
      const { data: profile } = await guest.aal2.from('profiles').select('id').eq('id', guest.user.id);
      expect(profile).toEqual([{ id: guest.user.id }]);
      expect((await guest.aal2.from('bookings').select('id')).data?.length).toBeGreaterThan(0);
      expect((await guest.aal2.from('messages').select('text')).data).toEqual([{ text: 'Arriving on the 3rd' }]);
      expect((await guest.aal2.from('push_subscriptions').select('endpoint')).data).toEqual([{ endpoint: 'https://fcm.googleapis.com/fcm/send/owner-phone' }]);
      expect((await guest.aal2.from('profiles').update({ bio: 'Surfer' }).eq('id', guest.user.id).select('bio')).data).toEqual([{ bio: 'Surfer' }]);
      expect((await host.aal2.from('properties').update({ name: 'Rice Terrace Villa II' }).eq('id', w.villa.id).select('name')).data).toEqual([{ name: 'Rice Terrace Villa II' }]);
      expect((await host.aal2.rpc('get_housemates', { p_property_id: w.villa.id })).error).toBeNull();
    });

    it('the second factor upgrades a password sign-in to aal2, which may then enrol', async () => {
      const client = await passwordSignIn(t, guest.user.email);
      const verified = await client.auth.mfa.challengeAndVerify({ factorId: guest.factorId, code: totpCode(guest.secret) });
      expect(verified.error).toBeNull();
      expect((await client.from('profiles').select('id').eq('id', guest.user.id)).data).toEqual([{ id: guest.user.id }]);
      const second = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Backup phone' });
      expect(second.error).toBeNull();
      expect((await client.auth.mfa.unenroll({ factorId: second.data!.id })).error).toBeNull();
    });
  });

  it('leaves users without a verified factor alone at aal1', async () => {
    const client = await passwordSignIn(t, w.stranger.email);
    expect((await claimsOf(client)).aal).toBe('aal1');
    expect((await client.from('profiles').select('id').eq('id', w.stranger.id)).data).toEqual([{ id: w.stranger.id }]);
    expect((await client.from('profiles').update({ bio: 'New here' }).eq('id', w.stranger.id).select('bio')).data).toEqual([{ bio: 'New here' }]);
    // An unverified factor does not count: a first factor can be enrolled (and a second started) at aal1.
    const first = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'First' });
    expect(first.error).toBeNull();
    expect((await client.from('profiles').select('id').eq('id', w.stranger.id)).data).toEqual([{ id: w.stranger.id }]);
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' })).error).toBeNull();
    expect((await client.auth.updateUser({ password: 'another-horse-battery-2' })).error).toBeNull();
  });
});
