// Fields shared by the guest and host onboarding steps.
import { BIO_MAX, PROFESSION_MAX } from '../constants.ts';
import { BIO_TOO_LONG, PROFESSION_REQUIRED, PROFESSION_TOO_LONG, PROFILE_PHOTO_REQUIRED_HINT } from '../messages.ts';
import { optionalText, requiredText } from './fields.ts';

export const profilePhotoField = requiredText(PROFILE_PHOTO_REQUIRED_HINT);
export const professionField = requiredText(PROFESSION_REQUIRED, { length: PROFESSION_MAX, message: PROFESSION_TOO_LONG });
export const bioField = optionalText({ length: BIO_MAX, message: BIO_TOO_LONG });
