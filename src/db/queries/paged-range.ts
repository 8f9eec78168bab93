// Reading an index range in pages of plain range requests (one IndexedDB getAll per page) instead
// of a cursor with a JavaScript filter (one request per row): the caller filters the rows and stops
// when it has enough, so a query reads about as many rows as it needs and never a whole table at once.
//
// Everything here chains Dexie promises (`.then`), never `await`: inside a transaction, Dexie follows
// native awaits only for a bounded number of microtasks ("zone echoes"), and a deep chain of awaits
// between two reads lost the transaction now and then (PrematureCommitError). Dexie promise
// continuations always run in the transaction they were created in.
import { cmp, Dexie, type IndexableType } from 'dexie';

/** How a range is read: its first rows, and the rows from a key on, in the range's direction. */
export interface PagedSource<T> {
  /** the first `count` rows of the range */
  first(count: number): Promise<T[]>;
  /** up to `count` rows from `key` on, rows stored under `key` itself included */
  from(key: IndexableType, count: number): Promise<T[]>;
  /** the key a row has in this range's index */
  keyOf(row: T): IndexableType;
}

/** Pages grow from the first size up to this many rows. */
export const MAX_PAGE_SIZE = 512;

/**
 * One range read page by page. Index keys need not be unique: a page starts at the last key seen
 * and skips the rows already read under it (IndexedDB orders equal keys by primary key, so they
 * come back in the same order). Pages must be read in one transaction for that order to hold.
 */
export class PagedRange<T> {
  private buffer: T[] = [];
  private position = 0;
  private exhausted = false;
  private lastKey: IndexableType | undefined;
  private rowsAtLastKey = 0;
  private pageSize: number;

  constructor(
    private readonly source: PagedSource<T>,
    firstPageSize: number,
    private readonly maxPageSize = MAX_PAGE_SIZE,
  ) {
    this.pageSize = Math.max(1, Math.min(Math.ceil(firstPageSize), maxPageSize));
  }

  /** whether `current()` can answer without reading */
  get isReady(): boolean {
    return this.position < this.buffer.length || this.exhausted;
  }

  /** the next row of the range (undefined: none left); call `fill()` first unless `isReady` */
  current(): T | undefined {
    return this.buffer[this.position];
  }

  advance(): void {
    this.position += 1;
  }

  /** Reads pages until a row is buffered or the range is exhausted. */
  fill(): Promise<void> {
    if (this.isReady) return Dexie.Promise.resolve();
    return this.readPage().then(() => this.fill());
  }

  private readPage(): Promise<void> {
    const size = this.pageSize;
    this.pageSize = Math.min(this.pageSize * 2, this.maxPageSize);
    const skip = this.lastKey === undefined ? 0 : this.rowsAtLastKey;
    const page = this.lastKey === undefined ? this.source.first(size) : this.source.from(this.lastKey, size + skip);
    return Dexie.Promise.resolve(page).then((rows) => {
      this.exhausted = rows.length < size + skip;
      this.buffer = skip > 0 ? rows.slice(skip) : rows;
      this.position = 0;
      for (const row of this.buffer) {
        const key = this.source.keyOf(row);
        if (this.lastKey !== undefined && cmp(key, this.lastKey) === 0) {
          this.rowsAtLastKey += 1;
        } else {
          this.lastKey = key;
          this.rowsAtLastKey = 1;
        }
      }
    });
  }
}

/**
 * Up to `limit` rows that `keep` accepts from several ranges, each already in `before` order, merged
 * into one list in that order (one range: its rows in order). A row found in more than one range (same `idOf`) is taken once.
 * Reads lazily: a range is read further only when its next row may be the one due. With `budget`,
 * stops after that many rows are looked at; calling again with the same `taken` and `seen` resumes.
 */
export function takeMerged<T>(
  ranges: readonly PagedRange<T>[],
  options: { before: (a: T, b: T) => boolean; idOf: (row: T) => string; keep: (row: T) => boolean; limit: number; budget?: number; taken?: T[]; seen?: Set<string> },
): Promise<T[]> {
  const { before, idOf, keep, limit, taken = [], seen = new Set<string>() } = options;
  let budget = options.budget ?? Infinity;
  const step = (): T[] | Promise<T[]> => {
    while (taken.length < limit && budget > 0) {
      const unread = ranges.filter((range) => !range.isReady);
      if (unread.length > 0) return Dexie.Promise.all(unread.map((range) => range.fill())).then(step);
      let due: PagedRange<T> | undefined;
      let dueRow: T | undefined;
      for (const range of ranges) {
        const row = range.current();
        if (row !== undefined && (dueRow === undefined || before(row, dueRow))) {
          due = range;
          dueRow = row;
        }
      }
      if (!due || dueRow === undefined) break;
      due.advance();
      const id = idOf(dueRow);
      if (seen.has(id)) continue;
      seen.add(id);
      budget -= 1;
      if (keep(dueRow)) taken.push(dueRow);
    }
    return taken;
  };
  return Dexie.Promise.resolve(step());
}
