import { useState } from 'react';
import { BIO_MAX, PROFESSION_MAX } from '../../../domain/constants';
import { characterCounter, PROFESSION_REQUIRED } from '../../../domain/messages';
import { TextArea } from '../../../ui/text-area/text-area';
import { TextField } from '../../../ui/text-field/text-field';

export interface AboutStepProps {
  profession: string;
  bio: string;
  onChange: (patch: { profession?: string; bio?: string }) => void;
}

/** Host step 2: Profession (required, ≤ 100) and bio (≤ 300, counter). */
export function AboutStep({ profession, bio, onChange }: AboutStepProps) {
  // The required message shows once the field was left empty, not before the user typed.
  const [isProfessionTouched, setProfessionTouched] = useState(false);
  const professionError = isProfessionTouched && !profession.trim() ? PROFESSION_REQUIRED : undefined;
  return (
    <>
      <TextField
        label="Profession"
        isRequired
        autoFocus
        autoComplete="organization-title"
        placeholder="e.g. Architect, Surf instructor"
        maxLength={PROFESSION_MAX}
        value={profession}
        onChange={(next) => onChange({ profession: next })}
        onBlur={() => setProfessionTouched(true)}
        errorMessage={professionError}
      />
      <TextArea
        label="Bio"
        placeholder="Tell guests about yourself, your villa and what makes a stay with you special."
        rows={5}
        maxLength={BIO_MAX}
        formatCounter={characterCounter}
        value={bio}
        onChange={(next) => onChange({ bio: next })}
      />
    </>
  );
}
