// A whole request transaction in one round trip on node-postgres: begin, the settings, one statement and
// commit go out as extended-protocol messages behind a single Sync. node-postgres sends one query per
// round trip (and each socket write is a costly syscall), so this saves two of them per table read.
import pg from 'pg';
import type { QueryResult } from './database.ts';

export interface PipelineStep {
  text: string;
  values: (string | null)[];
  /** a named prepared statement: parsed once per connection */
  name?: string;
}

interface Field {
  name: string;
  dataTypeID: number;
}

interface Connection {
  parsedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(query: { text: string; name?: string; types?: number[] }): void;
  bind(config: { portal?: string; statement?: string; values: (string | null)[] }): void;
  describe(msg: { type: 'P' | 'S'; name?: string }): void;
  execute(config: { portal?: string; rows?: number }): void;
  sync(): void;
}

/**
 * A node-postgres submittable running `steps` as one pipeline; the answer is the result of step `main`.
 * The server skips everything after an error up to the Sync, so a failed step leaves the transaction
 * aborted (the caller rolls back) and no later step runs.
 */
class Pipeline<T> {
  /** the step whose messages arrive now (each step ends with CommandComplete or EmptyQueryResponse) */
  private step = 0;
  private fields: Field[] = [];
  private readonly rows: T[] = [];
  private affectedRows = 0;
  private error: Error | undefined;
  private readonly done: { resolve: (value: QueryResult<T>) => void; reject: (error: Error) => void };
  readonly promise: Promise<QueryResult<T>>;

  constructor(private readonly steps: PipelineStep[], private readonly main: number) {
    let done: Pipeline<T>['done'] | undefined;
    this.promise = new Promise<QueryResult<T>>((resolve, reject) => {
      done = { resolve, reject };
    });
    this.done = done as Pipeline<T>['done'];
  }

  /**
   * node-postgres records a named statement as parsed when ParseComplete arrives for the active query's
   * `name`: expose the name only while that step is the one answering, so the record stays exact.
   */
  get name(): string | undefined {
    return this.steps[this.step]?.name;
  }

  get text(): string | undefined {
    return this.steps[this.step]?.text;
  }

  submit(connection: Connection): null {
    connection.stream.cork?.();
    try {
      for (const [i, step] of this.steps.entries()) {
        if (!step.name || connection.parsedStatements[step.name] === undefined) connection.parse({ text: step.text, name: step.name ?? '' });
        connection.bind({ statement: step.name ?? '', values: step.values });
        if (i === this.main) connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: Field[] }): void {
    if (this.step === this.main) this.fields = msg.fields;
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this.step !== this.main || this.error) return;
    try {
      const row: Record<string, unknown> = {};
      for (const [i, field] of this.fields.entries()) {
        const value = msg.fields[i] ?? null;
        row[field.name] = value === null ? null : pg.types.getTypeParser(field.dataTypeID, 'text')(value);
      }
      this.rows.push(row as T);
    } catch (error) {
      this.error = error as Error;
    }
  }

  handleCommandComplete(msg: { text: string }): void {
    if (this.step === this.main) this.affectedRows = Number(/\d+$/.exec(msg.text)?.[0] ?? 0);
    this.step += 1;
  }

  handleEmptyQuery(): void {
    this.step += 1;
  }

  handleError(error: Error): void {
    this.done.reject(error);
  }

  handleReadyForQuery(): void {
    if (this.error) this.done.reject(this.error);
    else this.done.resolve({ rows: this.rows, fields: this.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: this.affectedRows });
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(): void {}

  handleCopyData(): void {}
}

/** Runs the steps on `client` in one round trip; the result is step `main`'s. */
export function runPipeline<T>(client: pg.PoolClient, steps: PipelineStep[], main: number): Promise<QueryResult<T>> {
  const pipeline = new Pipeline<T>(steps, main);
  void client.query(pipeline as unknown as pg.Submittable);
  return pipeline.promise;
}
