// The `Prefer` header values PostgREST honours (several values may be joined with commas, or sent
// as several headers). Anything else is invalid: ignored, or refused under `handling=strict`.
import { PgrstError } from './errors.ts';

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  /** only when the database config allows overriding the transaction end */
  tx?: 'commit' | 'rollback';
  maxAffected?: number;
  /** the values we honoured, for Preference-Applied */
  applied: string[];
}

const choices: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

export function parsePrefer(headers: Headers, opts: { txOverride: boolean }): Preferences {
  const prefs: Preferences = { applied: [] };
  const raw = headers.get('prefer');
  if (!raw) return prefs;
  const invalid: string[] = [];
  for (const part of raw.split(',')) {
    const text = part.trim();
    if (text === '') continue;
    const [name = '', value = ''] = text.split('=').map((s) => s.trim());
    if (name === 'max-affected' && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value);
    } else if (choices[name]?.includes(value) && (name !== 'tx' || opts.txOverride)) {
      (prefs as unknown as Record<string, string>)[name] = value;
    } else {
      invalid.push(text);
      continue;
    }
    prefs.applied.push(`${name}=${value}`);
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw PgrstError.invalidPreferences(invalid);
  }
  return prefs;
}
