// `Accept: application/geo+json` (supabase-js `.geojson()`): a FeatureCollection built by PostGIS's
// ST_AsGeoJSON(record), as PostgREST does. Without PostGIS, Postgres answers 42883 "function
// st_asgeojson(record) does not exist", which PostgREST (and so this server) returns as a 404.

/** The body expression over the rows aliased `row` in the FROM clause. */
export function geoJsonBodySql(row: string): string {
  return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(${row})::json), '[]'))::text`;
}
