-- The Data API reaches only what a migration grants (docs/decisions/hosted-defaults.md).
--
-- Hosted Supabase stopped granting new tables, sequences and functions in `public` to anon, authenticated
-- and service_role by default (new projects from 2026-05-30, existing ones from 2026-10-30). Every table
-- and function the app or the Edge Functions use already has its own grants in the migration that made it
-- (checked by tests/integration/security/explicit-grants.test.ts, which applies all migrations with the
-- new defaults): the default privileges were never needed.
--
-- This migration turns the old defaults off for the role that runs migrations, so that a project whose
-- database still has them (made before the rollout, or restored from an old dump) behaves like a new one:
-- a table added later stays unreachable through the API until its migration grants it. Objects that exist
-- keep the grants they have; only future objects are affected. Idempotent.

alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;
