import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PROFESSION_REQUIRED } from '../../../../src/domain/messages.ts';
import { AboutStep } from '../../../../src/features/onboarding/components/about-step.tsx';
import { WizardLayout } from '../../../../src/features/onboarding/components/wizard-layout.tsx';

const stepTexts = {
  1: { title: 'First title', description: 'First description' },
  2: { title: 'Second title', description: 'Second description' },
  3: { title: 'Last title', description: 'Last description' },
};

// The frame both onboarding wizards render (docs/product.md §4), driven as a wizard drives it.
function Wizard({ initialStep = 1, isBusy = false, onFinish = () => undefined, renderStep }: { initialStep?: number; isBusy?: boolean; onFinish?: () => void; renderStep?: (step: number) => ReactNode }) {
  const [step, setStep] = useState(initialStep);
  return (
    <WizardLayout
      progressLabel="Profile setup"
      step={step}
      stepCount={3}
      stepTexts={stepTexts}
      isBusy={isBusy}
      onBack={() => setStep(step - 1)}
      next={{ label: 'Continue', onPress: () => setStep(step + 1), isDisabled: false, isPending: false }}
      finish={{ label: 'Finish & Go to Dashboard', onPress: onFinish, isPending: false }}
    >
      {renderStep ? renderStep(step) : <input aria-label={`Field of step ${step}`} />}
    </WizardLayout>
  );
}

describe('WizardLayout', () => {
  it('shows the step, its texts and progress, and leaves focus alone when it opens', () => {
    render(<Wizard initialStep={2} />);
    expect(screen.getByRole('heading', { name: 'Second title' })).not.toHaveFocus();
    expect(screen.getByText('Second description')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Profile setup' })).toHaveAttribute('aria-valuetext', 'Step 2 of 3');
    expect(screen.getByRole('textbox', { name: 'Field of step 2' })).toBeInTheDocument();
  });

  it('moves focus to the new step title on Continue and on Back; Back is disabled on step 1', async () => {
    const user = userEvent.setup();
    render(<Wizard />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { name: 'Second title' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'First title' })).toHaveFocus();
  });

  it('disables Back while busy', () => {
    render(<Wizard initialStep={2} isBusy />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  it('offers Finish instead of Continue on the last step', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn();
    render(<Wizard initialStep={3} onFinish={onFinish} />);
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish & Go to Dashboard' }));
    expect(onFinish).toHaveBeenCalledOnce();
  });
});

describe('About step in the wizard', () => {
  function AboutWizard() {
    const [profession, setProfession] = useState('');
    return <Wizard renderStep={(step) => (step === 2 ? <AboutStep profession={profession} bio="" onChange={(patch) => patch.profession !== undefined && setProfession(patch.profession)} /> : <p>Other step</p>)} />;
  }

  it('says "Profession is required" only after the user typed and emptied it, not when the step opens', async () => {
    const user = userEvent.setup();
    render(<AboutWizard />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The step's title takes focus from the autofocused field; that is no reason to complain.
    expect(screen.getByRole('heading', { name: 'Second title' })).toHaveFocus();
    const field = screen.getByRole('textbox', { name: /Profession/ });
    expect(screen.queryByText(PROFESSION_REQUIRED)).not.toBeInTheDocument();
    expect(field).not.toBeInvalid();
    await user.click(field);
    await user.tab();
    expect(screen.queryByText(PROFESSION_REQUIRED)).not.toBeInTheDocument();

    await user.type(field, 'Designer');
    await user.clear(field);
    expect(screen.getByText(PROFESSION_REQUIRED)).toBeInTheDocument();
    expect(field).toBeInvalid();
  });
});
