// Lives in supabase/functions/_shared/domain/ so the Edge Functions (deployed alone, on Deno) use the same rule.
export * from '../../supabase/functions/_shared/domain/access-token-aal.ts';
