// useDbQuery (src/db/hooks/use-db-query.ts): undefined until the first answer, live after a write, the last
// answer kept while new deps are read, nothing from the database once it is closed, a failed read thrown.
import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentDb } from '../../../src/db/current-db.ts';
import { useDbQuery } from '../../../src/db/hooks/use-db-query.ts';
import { getProperty } from '../../../src/db/queries/properties.ts';
import { freshDb, propertyRow } from '../../unit/db/fixtures.ts';

function PropertyName({ id }: { id: string }) {
  const property = useDbQuery(async (db) => (await getProperty(db, id)) ?? null, [id]);
  return <p>{property === undefined ? 'loading' : (property?.name ?? 'none')}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

afterEach(() => {
  act(() => setCurrentDb(null));
  vi.restoreAllMocks();
});

describe('useDbQuery', () => {
  it('is undefined until the database answers, then follows writes to what it read', async () => {
    const db = await freshDb();
    await db.properties.put(propertyRow({ id: 'a', name: 'Villa A' }));
    render(<PropertyName id="a" />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    act(() => setCurrentDb(db));
    expect(await screen.findByText('Villa A')).toBeInTheDocument();
    await act(() => db.properties.update('a', { name: 'Villa A, renamed' }));
    expect(await screen.findByText('Villa A, renamed')).toBeInTheDocument();
  });

  it('keeps the last answer while new deps are read (no flash of loading), then shows theirs', async () => {
    const db = await freshDb();
    await db.properties.bulkPut([propertyRow({ id: 'a', name: 'Villa A' }), propertyRow({ id: 'b', name: 'Villa B' })]);
    act(() => setCurrentDb(db));
    const { rerender } = render(<PropertyName id="a" />);
    expect(await screen.findByText('Villa A')).toBeInTheDocument();
    rerender(<PropertyName id="b" />);
    expect(screen.queryByText('loading')).toBeNull();
    expect(await screen.findByText('Villa B')).toBeInTheDocument();
  });

  it('answers undefined once the database is closed (signed out): no rows of the last user stay', async () => {
    const db = await freshDb();
    await db.properties.put(propertyRow({ id: 'a', name: 'Villa A' }));
    act(() => setCurrentDb(db));
    render(<PropertyName id="a" />);
    expect(await screen.findByText('Villa A')).toBeInTheDocument();
    act(() => setCurrentDb(null));
    expect(await screen.findByText('loading')).toBeInTheDocument();
  });

  it('throws a failed read to the error boundary', async () => {
    const db = await freshDb();
    act(() => setCurrentDb(db));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Failing() {
      useDbQuery(() => Promise.reject(new Error('disk gone')), []);
      return <p>rendered</p>;
    }
    render(
      <Boundary>
        <Failing />
      </Boundary>,
    );
    expect(await screen.findByText('failed: disk gone')).toBeInTheDocument();
  });
});
