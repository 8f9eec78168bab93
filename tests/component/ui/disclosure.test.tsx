import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Disclosure } from '../../../src/ui/disclosure/disclosure.tsx';

describe('Disclosure', () => {
  it('starts collapsed: the trigger says so and the panel is hidden', () => {
    render(<Disclosure title="Read 3 reviews from guests">Great host</Disclosure>);
    const trigger = screen.getByRole('button', { name: 'Read 3 reviews from guests' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('heading', { level: 3 })).toContainElement(trigger);
  });

  it('opens and closes on click, Enter and Space, the panel labelled by its trigger', async () => {
    const user = userEvent.setup();
    render(<Disclosure title="Reviews" headingLevel={2}>Great host</Disclosure>);
    const trigger = screen.getByRole('button', { name: 'Reviews' });
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('group', { name: 'Reviews' });
    expect(panel).toHaveTextContent('Great host');
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group')).toBeNull();
    await user.keyboard(' ');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { level: 2 })).toContainElement(trigger);
  });

  it('can start expanded', () => {
    render(<Disclosure title="Reviews" defaultExpanded>Great host</Disclosure>);
    expect(screen.getByRole('group', { name: 'Reviews' })).toBeVisible();
  });
});
