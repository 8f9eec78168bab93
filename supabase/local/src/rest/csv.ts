// `Accept: text/csv` (supabase-js `.csv()`): PostgREST's CSV body, built in Postgres. The header is the
// keys of the first row; each row is the row's record text without its parentheses, so quoting follows
// Postgres's record output (fields with commas, quotes, spaces or parentheses double-quoted, quotes
// doubled, NULL empty). No rows: an empty header line.

/** The body expression over `page` (a CTE of the rows) aliased `row` in the FROM clause. */
export function csvBodySql(page: string, row: string): string {
  const header = `(select coalesce(string_agg(pgrst_k.k, ','), '') from (select json_object_keys(pgrst_h.r) as k from (select row_to_json(pgrst_r) as r from ${page} as pgrst_r limit 1) as pgrst_h) as pgrst_k)`;
  const rows = `coalesce(string_agg(substring(${row}::text, 2, length(${row}::text) - 2), E'\\n'), '')`;
  return `${header} || E'\\n' || ${rows}`;
}
