import { Card } from '../../../ui/card/card.tsx';
import { LinkButton } from '../../../ui/link/link.tsx';
import { Heading, Text } from '../../../ui/typography/typography.tsx';
import * as styles from './dashboard.css.ts';

/** The guest's dashboard before their first booking: where to find one. */
export function NoBookingsYet() {
  return (
    <Card padding="lg" className={styles.empty}>
      <Heading level={3} size="md">
        No bookings yet
      </Heading>
      <Text tone="muted">Find a villa or a room for your next 1 to 6 months and it will show up here.</Text>
      <LinkButton href="/properties">Explore Villas</LinkButton>
    </Card>
  );
}
