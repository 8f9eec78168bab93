import type { User } from '@supabase/supabase-js';
import { loadClient } from './load-client.ts';
import { RemoteError } from './errors.ts';
import { fromSupabase } from './supabase-errors.ts';

export type AccountRole = 'guest' | 'host';

export interface AccountState {
  profile: { onboarding_complete: boolean } | null;
  role: AccountRole | null;
}

export interface SignUpRequest {
  name: string;
  email: string;
  password: string;
  role: AccountRole;
  /**
   * Where the confirmation e-mail's link lands, signed in (docs/product.md §7 names the site root; the app
   * lands on /auth to continue sign-up where it left off: docs/decisions/email-confirmation.md).
   */
  siteUrl: string;
}

export interface SignUpResult {
  user: User;
  /** false when the project confirms e-mail first: no session until the mailed link is opened */
  isSignedIn: boolean;
}

export async function signUpWithPassword(request: SignUpRequest): Promise<SignUpResult> {
  const supabase = await loadClient();
  const { data, error } = await supabase.auth.signUp({
    email: request.email,
    password: request.password,
    options: { emailRedirectTo: request.siteUrl, data: { full_name: request.name, role: request.role } },
  });
  if (error) throw fromSupabase(error);
  if (!data.user) throw new RemoteError('server', 'No user returned from signup');
  return { user: data.user, isSignedIn: data.session !== null };
}

/**
 * Mails the sign-up confirmation link again (the auth server refuses within max_frequency and past its
 * hourly e-mail budget, 429 over_email_send_rate_limit; it answers the same for unknown addresses).
 */
export async function resendSignUpConfirmation(email: string, redirectTo: string): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo } });
  if (error) throw fromSupabase(error);
}

export async function signInWithPassword(email: string, password: string): Promise<User> {
  const supabase = await loadClient();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw fromSupabase(error);
  return data.user;
}

/** The profile and role rows that sign-in routing needs (docs/product.md §4, §7). */
export async function fetchAccountState(userId: string): Promise<AccountState> {
  const supabase = await loadClient();
  const [profile, role] = await Promise.all([
    supabase.from('profiles').select('id, onboarding_complete').eq('id', userId).maybeSingle(),
    supabase.from('user_roles').select('role').eq('user_id', userId).maybeSingle(),
  ]);
  if (profile.error) throw fromSupabase(profile.error, profile.status);
  if (role.error) throw fromSupabase(role.error, role.status);
  return {
    profile: profile.data ? { onboarding_complete: Boolean(profile.data.onboarding_complete) } : null,
    role: (role.data?.role as AccountRole | undefined) ?? null,
  };
}

export async function upsertProfile(userId: string, name: string): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase
    .from('profiles')
    .upsert({ id: userId, name, onboarding_complete: false }, { onConflict: 'id', ignoreDuplicates: true });
  if (error) throw fromSupabase(error);
}

export async function upsertRole(userId: string, role: AccountRole): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.from('user_roles').upsert({ user_id: userId, role }, { onConflict: 'user_id,role', ignoreDuplicates: true });
  if (error) throw fromSupabase(error);
}

/** TOTP sign-in step: true when the user has a verified factor and this session is still aal1. */
export async function needsSecondFactor(): Promise<boolean> {
  const supabase = await loadClient();
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw fromSupabase(error);
  return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}

export async function verifySecondFactor(code: string): Promise<void> {
  const supabase = await loadClient();
  const factors = await supabase.auth.mfa.listFactors();
  if (factors.error) throw fromSupabase(factors.error);
  const factor = factors.data.totp.find((candidate) => candidate.status === 'verified');
  if (!factor) throw new RemoteError('permanent', 'No verified authenticator found');
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (error) throw fromSupabase(error);
}

/** The signed-in user as the auth client holds it (for metadata at the SIGNED_IN event). */
export async function currentUser(): Promise<User | null> {
  const supabase = await loadClient();
  const { data } = await supabase.auth.getSession();
  return data.session?.user ?? null;
}

/**
 * Asks the auth server to mail a password recovery link for this address; the link signs the user in
 * (PASSWORD_RECOVERY) and lands on `redirectTo`. The server answers the same whether or not the address
 * has an account, so nothing here tells who is registered.
 */
export async function requestPasswordReset(email: string, redirectTo: string): Promise<void> {
  const supabase = await loadClient();
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw fromSupabase(error);
}

/** Sets a new password for the signed-in user (the session a recovery link opened). */
export async function updatePassword(password: string): Promise<User> {
  const supabase = await loadClient();
  const { data, error } = await supabase.auth.updateUser({ password });
  if (error) throw fromSupabase(error);
  return data.user;
}
