import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typesOfDatabase } from '../../../supabase/local/src/typegen/generate-types.ts';

// The stand-in's `gen types` over PGlite on a tiny schema with one of each thing `supabase gen types`
// distinguishes. The renderer is postgres-meta's own (@supabase/postgrest-typegen); this pins what the
// pinned version writes, so a version bump shows its changes here
// (docs/decisions/generated-database-types.md).
const schema = `
  create type mood as enum ('calm', 'busy');
  create table notes (
    id bigint generated always as identity primary key,
    title text not null,
    body text,
    tags text[] not null default '{}',
    mood mood not null default 'calm',
    meta jsonb,
    created_at timestamptz not null default now()
  );
  create table note_links (note_id bigint not null unique references notes (id), url text not null);
  create view calm_notes as select id, title from notes where mood = 'calm';
  create function notes_by_mood(p_mood mood, p_limit int default 10) returns setof notes
    language sql stable as $$ select * from notes where mood = p_mood limit p_limit $$;
  create function note_count() returns int language sql stable as $$ select count(*)::int from notes $$;
  create function title_length(p_note notes) returns int language sql stable as $$ select length(p_note.title) $$;
  create function touch_note() returns trigger language plpgsql as $$ begin return new; end $$;
`;

describe('gen types --lang typescript', () => {
  let pg: PGlite;
  let output: string;

  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(schema);
    output = await typesOfDatabase(pg, ['public']);
    // initdb in WASM: seconds, tens of them on a busy machine
  }, 120_000);
  afterAll(() => pg?.close());

  it('ends with the helper types, the enum constants and the newline the CLI prints', () => {
    expect(output).toContain('export type TablesInsert<');
    expect(output).toContain('export type Enums<');
    expect(output.endsWith('export const Constants = {\n  public: {\n    Enums: {\n      mood: ["calm", "busy"],\n    },\n  },\n} as const\n\n')).toBe(true);
  });

  it('writes the Database type of the schema', () => {
    // Nullable columns `| null`; a default, a nullable column or an identity makes Insert optional, GENERATED ALWAYS
    // refuses a value (`?: never`); arrays, json as Json, the enum as its union; a simple view is updatable, all its
    // columns nullable, and a foreign key to its table is one to it too; a function whose one argument is a table's
    // row is a computed field of that table (why sync_booked_dates lives in `private`); a function without
    // arguments takes `Record<PropertyKey, never>`; SETOF a table returns its rows with `SetofOptions`; triggers are left out.
    expect(output.slice(0, output.indexOf('type DatabaseWithoutInternals'))).toBe(EXPECTED);
  });
});

const EXPECTED = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      note_links: {
        Row: {
          note_id: number
          url: string
        }
        Insert: {
          note_id: number
          url: string
        }
        Update: {
          note_id?: number
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "note_links_note_id_fkey"
            columns: ["note_id"]
            isOneToOne: true
            referencedRelation: "calm_notes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "note_links_note_id_fkey"
            columns: ["note_id"]
            isOneToOne: true
            referencedRelation: "notes"
            referencedColumns: ["id"]
          },
        ]
      }
      notes: {
        Row: {
          body: string | null
          created_at: string
          id: number
          meta: Json | null
          mood: Database["public"]["Enums"]["mood"]
          tags: string[]
          title: string
          title_length: number | null
        }
        Insert: {
          body?: string | null
          created_at?: string
          id?: never
          meta?: Json | null
          mood?: Database["public"]["Enums"]["mood"]
          tags?: string[]
          title: string
        }
        Update: {
          body?: string | null
          created_at?: string
          id?: never
          meta?: Json | null
          mood?: Database["public"]["Enums"]["mood"]
          tags?: string[]
          title?: string
        }
        Relationships: []
      }
    }
    Views: {
      calm_notes: {
        Row: {
          id: number | null
          title: string | null
        }
        Insert: {
          id?: number | null
          title?: string | null
        }
        Update: {
          id?: number | null
          title?: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      note_count: { Args: Record<PropertyKey, never>; Returns: number }
      notes_by_mood: {
        Args: { p_limit?: number; p_mood: Database["public"]["Enums"]["mood"] }
        Returns: {
          body: string | null
          created_at: string
          id: number
          meta: Json | null
          mood: Database["public"]["Enums"]["mood"]
          tags: string[]
          title: string
        }[]
        SetofOptions: {
          from: "*"
          to: "notes"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      title_length: {
        Args: { p_note: Database["public"]["Tables"]["notes"]["Row"] }
        Returns: number
      }
    }
    Enums: {
      mood: "calm" | "busy"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

`;
