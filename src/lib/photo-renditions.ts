// Lives in supabase/functions/_shared/domain/ so the upload-photo function (deployed alone, on Deno) imports it
// from inside supabase/functions/; re-exported here, the bottom layer, because the uploader (src/remote) may not
// import src/domain and the same naming rule serves domain, remote and the app's fallback.
export * from '../../supabase/functions/_shared/domain/photo-renditions.ts';
