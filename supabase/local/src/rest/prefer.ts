// The `Prefer` header values PostgREST honours (several values may be joined with commas).
export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  /** the values we honoured, for Preference-Applied */
  applied: string[];
}

export function parsePrefer(headers: Headers): Preferences {
  const prefs: Preferences = { applied: [] };
  const raw = headers.get('prefer');
  if (!raw) return prefs;
  for (const part of raw.split(',')) {
    const [name, value] = part.trim().split('=').map((s) => s.trim());
    if (name === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) prefs.return = value;
    else if (name === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) prefs.count = value;
    else if (name === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) prefs.resolution = value;
    else if (name === 'missing' && (value === 'default' || value === 'null')) prefs.missing = value;
    else continue;
    prefs.applied.push(`${name}=${value}`);
  }
  return prefs;
}
