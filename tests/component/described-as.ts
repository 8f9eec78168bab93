import { expect } from 'vitest';

/**
 * An accessible description equal to `text` up to surrounding whitespace. Fields keep an empty hint
 * element mounted (src/ui/field/field.tsx), and the accessible-name library joins the described-by
 * texts with spaces without trimming; screen readers ignore that whitespace.
 */
export function describedAs(text: string) {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return expect.stringMatching(new RegExp(`^\\s*${escaped}\\s*$`));
}
