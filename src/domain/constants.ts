// Moved to supabase/functions/_shared/domain/ so the Edge Functions (deployed alone, on Deno) import it from
// inside supabase/functions/; this re-export keeps every app import of src/domain/constants.ts unchanged.
export * from '../../supabase/functions/_shared/domain/constants.ts';
