import { createContext, useContext, useId, useLayoutEffect, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import * as styles from './tabs.css.ts';

// The WAI-ARIA tabs pattern on native buttons (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab
// stop (roving tabindex), arrow keys move and select (Left/Right, or Up/Down when vertical; Home/End;
// wrapping), aria-selected and aria-controls, only the selected panel rendered. react-aria's Tabs did
// the same through its collection and selection machinery (~13 KiB gzip on the routes that show tabs).

type Orientation = 'horizontal' | 'vertical';

interface TabsState {
  selectedKey: string;
  select(key: string): void;
  orientation: Orientation;
  idOf(part: 'tab' | 'tabpanel', key: string): string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tab, TabList and TabPanel belong inside Tabs');
  return state;
}

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

type Selection = { selectedKey: string; onSelectionChange(key: string): void; defaultSelectedKey?: never } | { defaultSelectedKey: string; selectedKey?: never; onSelectionChange?(key: string): void };

export type TabsProps = Selection & { orientation?: Orientation; className?: string; 'aria-label'?: string; children: ReactNode };

export function Tabs({ selectedKey, defaultSelectedKey, onSelectionChange, orientation = 'horizontal', className, children, ...props }: TabsProps) {
  const [ownKey, setOwnKey] = useState(defaultSelectedKey ?? '');
  const baseId = useId();
  const state: TabsState = {
    selectedKey: selectedKey ?? ownKey,
    select(key) {
      if (selectedKey === undefined) setOwnKey(key);
      onSelectionChange?.(key);
    },
    orientation,
    idOf: (part, key) => `${baseId}-${part}-${key}`,
  };
  return (
    <TabsContext value={state}>
      <div {...props} className={join(styles.tabs, className)} data-orientation={orientation}>
        {children}
      </div>
    </TabsContext>
  );
}

const nextKeys: Record<Orientation, { previous: string; next: string }> = {
  horizontal: { previous: 'ArrowLeft', next: 'ArrowRight' },
  vertical: { previous: 'ArrowUp', next: 'ArrowDown' },
};

export function TabList({ className, children, ...props }: { className?: string; 'aria-label': string; children: ReactNode }) {
  const { orientation } = useTabs();

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const current = tabs.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    const keys = nextKeys[orientation];
    const target =
      event.key === keys.next ? (current + 1) % tabs.length
      : event.key === keys.previous ? (current - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : null;
    if (target === null) return;
    event.preventDefault();
    // Selection follows focus (the Tab's onFocus), as in react-aria's default.
    tabs[target]?.focus();
  }

  return (
    <div {...props} role="tablist" aria-orientation={orientation} data-orientation={orientation} className={join(styles.tabList, className)} onKeyDown={moveFocus}>
      {children}
    </div>
  );
}

export function Tab({ id, isDisabled = false, className, children, ...props }: { id: string; isDisabled?: boolean; className?: string; 'aria-label'?: string; children: ReactNode }) {
  const { selectedKey, select, idOf } = useTabs();
  const isSelected = id === selectedKey;
  return (
    <button
      {...props}
      type="button"
      role="tab"
      id={idOf('tab', id)}
      aria-selected={isSelected}
      aria-controls={isSelected ? idOf('tabpanel', id) : undefined}
      tabIndex={isSelected ? 0 : -1}
      disabled={isDisabled}
      className={join(styles.tab, className)}
      onClick={() => select(id)}
      onFocus={() => {
        if (!isSelected) select(id);
      }}
    >
      {children}
    </button>
  );
}

const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

export function TabPanel({ id, className, children, ...props }: Omit<HTMLAttributes<HTMLDivElement>, 'id' | 'children'> & { id: string; children: ReactNode }) {
  const { selectedKey, idOf } = useTabs();
  const ref = useRef<HTMLDivElement>(null);
  const [hasTabbableChild, setHasTabbableChild] = useState(false);
  const isSelected = id === selectedKey;

  // A panel with nothing focusable inside is itself a tab stop, so keyboard users can reach its text.
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const update = () => setHasTabbableChild(panel.querySelector(TABBABLE) !== null);
    update();
    const observer = new MutationObserver(update);
    observer.observe(panel, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [isSelected]);

  if (!isSelected) return null;
  return (
    <div {...props} ref={ref} role="tabpanel" id={idOf('tabpanel', id)} aria-labelledby={idOf('tab', id)} tabIndex={hasTabbableChild ? undefined : 0} className={join(styles.tabPanel, className)}>
      {children}
    </div>
  );
}
