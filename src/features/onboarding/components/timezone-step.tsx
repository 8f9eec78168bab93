import { TIMEZONES } from '../../../domain/constants.ts';
import { Select, type SelectItem } from '../../../ui/select/select.tsx';
import { Text } from '../../../ui/typography/typography.tsx';

/** "Asia/Ho_Chi_Minh" → "Asia/Ho Chi Minh (GMT+07:00)"; the offset helps people who think in UTC. */
function timezoneLabel(zone: string, at: Date): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const name = zone.replace(/_/g, ' ');
  return offset ? `${name} (${offset})` : name;
}

const now = new Date();
const timezoneItems: readonly SelectItem[] = TIMEZONES.map((zone) => ({ id: zone, label: timezoneLabel(zone, now) }));

export interface TimezoneStepProps {
  timezone: string;
  onChange: (timezone: string) => void;
}

/** Step 3: Work Timezone from the fixed list of 13 (docs/product.md §9), defaulting to the browser zone. */
export function TimezoneStep({ timezone, onChange }: TimezoneStepProps) {
  return (
    <>
      <Select
        label="Work Timezone"
        items={timezoneItems}
        selectedKey={timezone}
        onSelectionChange={(key) => {
          if (typeof key === 'string') onChange(key);
        }}
      />
      <Text size="sm" tone="muted">
        Housemates who work similar hours make the best company for co-working days and dinners.
      </Text>
    </>
  );
}
