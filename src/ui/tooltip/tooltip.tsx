import type { ReactElement, ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  OverlayArrow,
  Popover,
  Tooltip as AriaTooltip,
  TooltipTrigger,
  type TooltipProps as AriaTooltipProps,
} from 'react-aria-components';
import { InfoIcon } from '../icon/icons.tsx';
import * as styles from './tooltip.css.ts';

export type TooltipProps = {
  /** The tooltip text. */
  content: ReactNode;
  /** A focusable RAC element (Button, IconButton, Link) that opens the tooltip on hover or focus. */
  children: ReactElement;
  placement?: AriaTooltipProps['placement'];
  delay?: number;
};

export function Tooltip({ content, children, placement = 'top', delay = 400 }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay}>
      {children}
      <TooltipBubble placement={placement}>{content}</TooltipBubble>
    </TooltipTrigger>
  );
}

function TooltipBubble({ children, placement }: { children: ReactNode; placement: AriaTooltipProps['placement'] }) {
  return (
    <AriaTooltip placement={placement} offset={8} className={styles.tooltip}>
      <OverlayArrow>
        <svg width={12} height={6} viewBox="0 0 12 6" className={styles.arrow}>
          <path d="M0 0 L6 6 L12 0" />
        </svg>
      </OverlayArrow>
      {children}
    </AriaTooltip>
  );
}

export type InfoTipProps = {
  /** The help text. */
  content: ReactNode;
  /** Accessible name of the icon button, e.g. "About Who's Staying". */
  label: string;
  placement?: AriaTooltipProps['placement'];
};

/**
 * A small (i) button that opens its help text on press (a "toggletip"): unlike a hover tooltip
 * it works on touch screens, and screen readers reach the text as a non-modal dialog.
 */
export function InfoTip({ content, label, placement = 'top' }: InfoTipProps) {
  return (
    <DialogTrigger>
      <Button aria-label={label} className={styles.infoButton}>
        <InfoIcon size={18} />
      </Button>
      <Popover placement={placement} offset={8} className={styles.tooltip}>
        <OverlayArrow>
          <svg width={12} height={6} viewBox="0 0 12 6" className={styles.arrow}>
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
        <Dialog aria-label={label} className={styles.toggletipDialog}>
          {content}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
