import { useState, type KeyboardEvent } from 'react';
import { Button as AriaButton, ToggleButton } from 'react-aria-components';
import { MAX_INTERESTS, SUGGESTED_INTERESTS } from '../../../domain/constants.ts';
import { addInterest, canAddInterest, hasInterest, removeInterest, toggleInterest } from '../../../domain/interests.ts';
import { Button } from '../../../ui/button/button.tsx';
import { CloseIcon, PlusIcon } from '../../../ui/icon/icons.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { Text } from '../../../ui/typography/typography.tsx';
import * as styles from './onboarding.css.ts';

export interface InterestsStepProps {
  interests: readonly string[];
  onChange: (interests: readonly string[]) => void;
}

const alreadyAdded = (interest: string) => `"${interest}" is already in your interests`;

/** Step 4: up to 6 interests, suggestions toggle, custom ones trimmed, non-empty, no duplicates (docs/product.md §5). */
export function InterestsStep({ interests, onChange }: InterestsStepProps) {
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | undefined>();
  const isFull = !canAddInterest(interests);

  function addCustom() {
    const interest = custom.trim();
    if (!interest) return;
    if (hasInterest(interests, interest)) {
      setCustomError(alreadyAdded(interest));
      return;
    }
    onChange(addInterest(interests, interest));
    setCustom('');
    setCustomError(undefined);
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addCustom();
  }

  return (
    <>
      <section className={styles.subsection} aria-labelledby="chosen-interests">
        <span id="chosen-interests" className={styles.sectionLabel}>
          Your interests ({interests.length}/{MAX_INTERESTS})
        </span>
        {interests.length === 0 ? (
          <Text size="sm" tone="muted">
            Nothing chosen yet. Pick from the suggestions or add your own.
          </Text>
        ) : (
          <ul className={styles.chipList}>
            {interests.map((interest) => (
              <li key={interest}>
                <AriaButton className={styles.selectedChip} aria-label={`Remove ${interest}`} onPress={() => onChange(removeInterest(interests, interest))}>
                  {interest}
                  <CloseIcon size={14} />
                </AriaButton>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.subsection} aria-labelledby="suggested-interests">
        <span id="suggested-interests" className={styles.sectionLabel}>
          Suggestions
        </span>
        <div className={styles.chipGroup}>
          {SUGGESTED_INTERESTS.map((interest) => {
            const isSelected = hasInterest(interests, interest);
            return (
              <ToggleButton
                key={interest}
                className={styles.chip}
                isSelected={isSelected}
                isDisabled={!isSelected && isFull}
                onChange={() => onChange(toggleInterest(interests, interest))}
              >
                {interest}
              </ToggleButton>
            );
          })}
        </div>
      </section>

      <div className={styles.customRow}>
        <TextField
          label="Add your own"
          placeholder={isFull ? `You've picked ${MAX_INTERESTS} interests` : 'e.g. Kitesurfing'}
          value={custom}
          onChange={(next) => {
            setCustom(next);
            setCustomError(undefined);
          }}
          onKeyDown={handleKeyDown}
          isDisabled={isFull}
          errorMessage={customError}
          description={isFull ? `That's the maximum of ${MAX_INTERESTS}. Remove one to add another.` : 'Press Enter to add.'}
        />
        <Button className={styles.customButton} variant="outline" icon={<PlusIcon size={16} />} onPress={addCustom} isDisabled={isFull || !custom.trim()}>
          Add
        </Button>
      </div>
    </>
  );
}
