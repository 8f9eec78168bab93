import { useState } from 'react';
import { BIO_MAX, PROFESSION_MAX } from '../../../domain/constants.ts';
import { characterCounter, PROFESSION_REQUIRED } from '../../../domain/messages.ts';
import { TextArea } from '../../../ui/text-area/text-area.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';

export interface AboutStepProps {
  profession: string;
  bio: string;
  onChange: (patch: { profession?: string; bio?: string }) => void;
  /** Wording for the audience; the guest onboarding's by default. */
  texts?: { professionPlaceholder: string; bioLabel: string; bioPlaceholder: string };
}

const guestTexts = {
  professionPlaceholder: 'e.g. Software Developer',
  bioLabel: 'Short Bio',
  bioPlaceholder: 'A few words about you, your work and what you love about living abroad.',
};

/** Step 2 of both onboardings: Profession * (≤ 100) and bio (≤ 300, counter). */
export function AboutStep({ profession, bio, onChange, texts = guestTexts }: AboutStepProps) {
  // The required message shows once the user typed and emptied the field, never before any typing: focus
  // leaving it (the step's title takes focus on arrival) says nothing about what the user meant.
  const [isProfessionEdited, setProfessionEdited] = useState(false);
  const professionError = isProfessionEdited && !profession.trim() ? PROFESSION_REQUIRED : undefined;
  return (
    <>
      <TextField
        label="Profession"
        isRequired
        autoFocus
        autoComplete="organization-title"
        placeholder={texts.professionPlaceholder}
        maxLength={PROFESSION_MAX}
        value={profession}
        onChange={(next) => {
          setProfessionEdited(true);
          onChange({ profession: next });
        }}
        errorMessage={professionError}
      />
      <TextArea
        label={texts.bioLabel}
        placeholder={texts.bioPlaceholder}
        rows={5}
        maxLength={BIO_MAX}
        formatCounter={characterCounter}
        value={bio}
        onChange={(next) => onChange({ bio: next })}
      />
    </>
  );
}
