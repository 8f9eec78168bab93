import { env } from '../config/env.ts';
import { profilePhotoUrl } from '../domain/image-url.ts';

/** The profile photo as displayed, against this app's backend (the onboarding wizards and the profile page). */
export function profilePhotoSrc(url: string | null | undefined, version: number): string {
  return profilePhotoUrl(url, version, { baseUrl: env.supabaseUrl, transformations: env.imageTransformations });
}
