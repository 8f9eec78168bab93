import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tab, TabList, TabPanel, Tabs } from '../../../src/ui/tabs/tabs.tsx';

// Written against roles and keys only, so it holds whatever renders the tabs.
function DashboardTabs({ onSelectionChange }: { onSelectionChange?: (key: string | number) => void }) {
  return (
    <Tabs defaultSelectedKey="upcoming" onSelectionChange={onSelectionChange}>
      <TabList aria-label="Bookings">
        <Tab id="upcoming">Upcoming</Tab>
        <Tab id="past">Past</Tab>
        <Tab id="cancelled">Cancelled</Tab>
      </TabList>
      <TabPanel id="upcoming">Two upcoming stays</TabPanel>
      <TabPanel id="past">One past stay</TabPanel>
      <TabPanel id="cancelled">No cancelled stays</TabPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows the selected tab’s panel, labelled by its tab', () => {
    render(<DashboardTabs />);
    expect(screen.getByRole('tablist', { name: 'Bookings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Upcoming' })).toHaveTextContent('Two upcoming stays');
    expect(screen.queryByText('One past stay')).not.toBeInTheDocument();
  });

  it('moves the selection with the arrow keys, wrapping, and with Home and End', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(<DashboardTabs onSelectionChange={onSelectionChange} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Past' })).toHaveTextContent('One past stay');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Cancelled' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Cancelled' })).toHaveTextContent('No cancelled stays');
    expect(onSelectionChange).toHaveBeenLastCalledWith('cancelled');
  });

  it('keeps one tab in the Tab order: Tab leaves the list, Shift+Tab comes back to the selected tab', async () => {
    const user = userEvent.setup();
    render(<DashboardTabs />);
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
    await user.tab();
    expect(screen.getAllByRole('tab')).not.toContain(document.activeElement);
    await user.tab({ shift: true });
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveFocus();
  });
});
