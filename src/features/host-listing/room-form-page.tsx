import { Page } from '../../ui/page/page';

/** Add-room form /room/new?property_id={id} (SPEC §2); fields arrive with the host-journey issue. */
export default function RoomFormPage() {
  return <Page title="Add a room" subtitle="Rooms are what guests book: price, capacity and stay length." />;
}
