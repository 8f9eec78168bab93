import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../ui/button/button.tsx';
import { Card } from '../../../ui/card/card.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../ui/icon/icons.tsx';
import { ProgressBar } from '../../../ui/progress-bar/progress-bar.tsx';
import { Text } from '../../../ui/typography/typography.tsx';
import * as styles from './onboarding.css.ts';

export interface WizardStepText {
  title: string;
  description: string;
}

export interface WizardLayoutProps {
  /** the progress bar's name ("Profile setup") */
  progressLabel: string;
  step: number;
  stepCount: number;
  /** title and description by step number; step 1's stands in for an unknown step */
  stepTexts: Record<number, WizardStepText>;
  /** a save or the finish is under way: Back waits for it */
  isBusy: boolean;
  onBack: () => void;
  next: { label: string; onPress: () => void; isDisabled: boolean; isPending: boolean };
  finish: { label: string; onPress: () => void; isPending: boolean };
  /** the current step's fields */
  children: ReactNode;
}

/** The frame both onboarding wizards share (docs/product.md §4): progress, the step's title, its fields, Back and Next or Finish. */
export function WizardLayout({ progressLabel, step, stepCount, stepTexts, isBusy, onBack, next, finish, children }: WizardLayoutProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStepRef = useRef(step);
  const texts = stepTexts[step] ?? stepTexts[1]!;

  // Keyboard and screen-reader users land on the new step's title, not on a button that moved.
  useEffect(() => {
    if (shownStepRef.current === step) return;
    shownStepRef.current = step;
    headingRef.current?.focus();
  }, [step]);

  return (
    <Card padding="md" className={styles.wizard}>
      <ProgressBar label={progressLabel} value={step} minValue={0} maxValue={stepCount} valueLabel={`Step ${step} of ${stepCount}`} />
      <header className={styles.stepHeader}>
        <h2 ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
          {texts.title}
        </h2>
        <Text tone="muted">{texts.description}</Text>
      </header>
      <div className={styles.stepBody}>{children}</div>
      <footer className={styles.footer}>
        <Button variant="outline" icon={<ChevronLeftIcon size={18} />} isDisabled={step === 1 || isBusy} onPress={onBack}>
          Back
        </Button>
        {step === stepCount ? (
          <Button onPress={finish.onPress} isPending={finish.isPending}>
            {finish.label}
          </Button>
        ) : (
          <Button onPress={next.onPress} isDisabled={next.isDisabled} isPending={next.isPending}>
            <span>{next.label}</span>
            <ChevronRightIcon size={18} />
          </Button>
        )}
      </footer>
    </Card>
  );
}
