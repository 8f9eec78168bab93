// Moved to supabase/functions/_shared/domain/ so the Edge Functions share it; the app imports it from here.
export * from '../../supabase/functions/_shared/domain/payment-schedule.ts';
