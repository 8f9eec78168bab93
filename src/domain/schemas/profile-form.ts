// Profile page form (docs/product.md §2, §5): name required, interests typed as a comma-separated list.
// Profession and bio keep the docs/product.md §9 limits (100, 300) so the profile never holds what the
// onboarding would refuse. Work timezone is free text here (placeholder "UTC+1").
import * as v from 'valibot';
import { BIO_MAX, PROFESSION_MAX } from '../constants.ts';
import { parseInterestList } from '../interests.ts';
import { BIO_TOO_LONG, FULL_NAME_REQUIRED, PROFESSION_TOO_LONG } from '../messages.ts';
import { optionalText, requiredText } from './fields.ts';

export const profileFormSchema = v.object({
  name: requiredText(FULL_NAME_REQUIRED),
  bio: optionalText({ length: BIO_MAX, message: BIO_TOO_LONG }),
  profession: optionalText({ length: PROFESSION_MAX, message: PROFESSION_TOO_LONG }),
  work_timezone: optionalText(),
  interests: v.pipe(v.nullish(v.string(), ''), v.transform((text: string) => parseInterestList(text))),
  show_in_whos_staying: v.boolean(),
});

export type ProfileFormInput = v.InferInput<typeof profileFormSchema>;
/** The profiles update of docs/product.md §7 (name, bio, profession, work_timezone, interests, show_in_whos_staying). */
export type ProfileUpdate = v.InferOutput<typeof profileFormSchema>;
