import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from '../../../src/ui/checkbox/checkbox.tsx';
import { Radio, RadioGroup } from '../../../src/ui/radio-group/radio-group.tsx';
import { Select } from '../../../src/ui/select/select.tsx';
import { Slider } from '../../../src/ui/slider/slider.tsx';
import { Switch } from '../../../src/ui/switch/switch.tsx';
import { describedAs } from '../described-as.ts';

describe('Checkbox', () => {
  it('toggles with Space and a click on its label', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>Pool</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'Pool' });
    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    await user.click(screen.getByText('Pool'));
    expect(box).not.toBeChecked();
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });

  it('does not change while disabled', async () => {
    const user = userEvent.setup();
    render(<Checkbox isDisabled defaultSelected>Gym</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'Gym' });
    expect(box).toBeDisabled();
    await user.click(screen.getByText('Gym'));
    expect(box).toBeChecked();
  });
});

describe('Switch', () => {
  it('is a switch described by its help text that Space turns on and off', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Switch description="Other guests can see your stay" onChange={onChange}>Show me in Who's Staying</Switch>);
    const toggle = screen.getByRole('switch', { name: "Show me in Who's Staying" });
    expect(toggle).toHaveAccessibleDescription(describedAs('Other guests can see your stay'));
    expect(toggle).not.toBeChecked();
    await user.tab();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });

  it('does not change while disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Switch isDisabled onChange={onChange}>Available</Switch>);
    await user.click(screen.getByRole('switch', { name: 'Available' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('RadioGroup', () => {
  function Roles({ onChange = () => undefined, errorMessage }: { onChange?: (value: string) => void; errorMessage?: string }) {
    return (
      <RadioGroup label="I am a" description="You can change this later" onChange={onChange} errorMessage={errorMessage}>
        <Radio value="guest" isCard description="Find a place">Guest</Radio>
        <Radio value="host">Host</Radio>
        <Radio value="both" isDisabled>Both</Radio>
      </RadioGroup>
    );
  }

  it('moves and chooses with the arrow keys, skipping disabled options', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Roles onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'I am a' });
    expect(group).toHaveAccessibleDescription(describedAs('You can change this later'));
    await user.tab();
    expect(screen.getByRole('radio', { name: /Guest/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Host' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /Guest/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Both' })).not.toBeChecked();
    await user.click(screen.getByText('Both'));
    expect(onChange.mock.calls).toEqual([['host'], ['guest']]);
  });

  it('shows its error under the options and marks the group invalid', () => {
    render(<Roles errorMessage="Choose a role" />);
    const group = screen.getByRole('radiogroup', { name: 'I am a' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(/Choose a role/);
  });
});

describe('Select', () => {
  const rooms = [
    { id: 'ocean', label: 'Ocean room' },
    { id: 'garden', label: 'Garden room', isDisabled: true },
    { id: 'loft', label: 'Loft' },
  ];

  it('opens with the keyboard, skips disabled items and chooses with Enter', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(<Select label="Room" placeholder="Select a room" items={rooms} onSelectionChange={onSelectionChange} />);
    const trigger = screen.getByRole('button', { name: /Room/ });
    expect(trigger).toHaveTextContent('Select a room');
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Garden room' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(listbox).getByRole('option', { name: 'Ocean room' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(listbox).getByRole('option', { name: 'Loft' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelectionChange).toHaveBeenCalledWith('loft');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('Loft');
    // react-aria gives focus back to the trigger a frame after the popover closes.
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('closes on Escape without choosing', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(<Select label="Room" items={rooms} onSelectionChange={onSelectionChange} />);
    await user.click(screen.getByRole('button', { name: /Room/ }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onSelectionChange).not.toHaveBeenCalled();
  });

  it('puts its error and aria-invalid on the trigger, where focus lands', () => {
    const { rerender } = render(<Select label="Room" items={rooms} selectedKey={null} errorMessage="Select a room" />);
    const trigger = screen.getByRole('button', { name: /Room/ });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription(describedAs('Select a room'));
    rerender(<Select label="Room" items={rooms} selectedKey="ocean" />);
    expect(trigger).not.toHaveAttribute('aria-invalid');
  });

  it('announces a hint that appears once something is chosen', () => {
    const { rerender } = render(<Select label="Room" items={rooms} selectedKey={null} />);
    rerender(<Select label="Room" items={rooms} selectedKey="ocean" description="$240/week" />);
    expect(screen.getByRole('button', { name: /Room$/ })).toHaveAccessibleDescription(describedAs('$240/week'));
  });

  it('does not open while disabled', async () => {
    const user = userEvent.setup();
    render(<Select label="Room" items={rooms} isDisabled />);
    await user.click(screen.getByRole('button', { name: /Room/ }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('Slider', () => {
  it('moves by its step with the arrow keys and shows the formatted value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Slider
        label="Min Wi-Fi"
        minValue={0}
        maxValue={200}
        step={25}
        defaultValue={50}
        formatValue={(value) => `${value} Mbps`}
        onChange={onChange}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Min Wi-Fi' });
    expect(screen.getByText('50 Mbps')).toBeInTheDocument();
    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveValue('75');
    expect(screen.getByText('75 Mbps')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(slider).toHaveValue('200');
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveValue('200');
    expect(onChange).toHaveBeenLastCalledWith(200);
  });
});
