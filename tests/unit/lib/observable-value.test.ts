import { describe, expect, it, vi } from 'vitest';
import { observableValue } from '../../../src/lib/observable-value.ts';

describe('observableValue', () => {
  it('tells its listeners of a change, not of the same value again, and not after they unsubscribe', () => {
    const value = observableValue<string | null>(null);
    const listener = vi.fn();
    const unsubscribe = value.subscribe(listener);
    value.set('a');
    expect(value.get()).toBe('a');
    value.set('a');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    value.set('b');
    expect(value.get()).toBe('b');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
