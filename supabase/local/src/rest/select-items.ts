// The `select` parameter of a request, parsed once per distinct text and checked against the
// database config's aggregate switch.
import { BoundedMap } from '../bounded-map.ts';
import { checkAggregates } from './aggregates.ts';
import type { DbConfig } from './db-config.ts';
import { parseSelect, type SelectItem } from './parse-select.ts';

/** Parsed selects by their text: a client repeats a handful of them, so each is parsed once. */
const parsedSelects = new BoundedMap<string, SelectItem[]>(500);

/** Frozen, because every request that sends the same select shares the parsed items. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** The parsed `select` (default `*`); aggregates only when the database config allows them. */
export function selectItems(select: string | undefined, dbConfig: DbConfig): SelectItem[] {
  const text = select ?? '*';
  let items = parsedSelects.get(text);
  if (!items) {
    items = deepFreeze(parseSelect(text));
    parsedSelects.set(text, items);
  }
  checkAggregates(items, dbConfig);
  return items;
}
