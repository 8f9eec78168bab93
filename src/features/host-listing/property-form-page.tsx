import { useParams } from 'wouter';
import { AUTH_REQUIRED_FOR_PROPERTY, LOAD_PROPERTY_FAILED } from '../../domain/messages.ts';
import { useOwnProfile } from '../../hooks/use-own-profile.ts';
import { useRemoteLoad } from '../../hooks/use-remote-load.ts';
import { fetchListingProperty, type PropertyRecord } from '../../remote/listing-properties.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { cacheServerRows } from '../../sync/session-actions.ts';
import { Page } from '../../ui/page/page.tsx';
import { Spinner } from '../../ui/spinner/spinner.tsx';
import { HostsOnlyNotice } from './components/hosts-only-notice.tsx';
import { EMPTY_PROPERTY_DRAFT, PropertyForm, type PropertyDraft } from './components/property-form.tsx';
import * as styles from './host-listing.css.ts';
import { UNAUTHORIZED_EDIT_PROPERTY } from './listing-texts.ts';
import { useLeaveToDashboard } from './use-leave-to-dashboard.ts';
import { useSignInGate } from './use-sign-in-gate.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function draftOf(row: PropertyRecord): PropertyDraft {
  const wifi = Number(row.wifi_speed_mbps);
  return {
    name: text(row.name),
    city: text(row.city),
    country: text(row.country),
    google_maps_url: text(row.google_maps_url),
    description: text(row.description),
    workspace_details: text(row.workspace_details),
    amenities: Array.isArray(row.amenities) ? row.amenities.filter((a): a is string => typeof a === 'string') : [],
    wifi_speed_mbps: row.wifi_speed_mbps === null || row.wifi_speed_mbps === undefined || Number.isNaN(wifi) ? Number.NaN : wifi,
    photos: row.photos ?? [],
  };
}

/**
 * The signed-in user's role: the session store's (the nav asks the server), else the mirrored own
 * profile's, so it is known offline too; undefined while neither has answered.
 */
function useRole(userId: string | null): 'guest' | 'host' | null | undefined {
  const storeRole = useSessionStore((s) => s.role);
  const ownProfile = useOwnProfile(userId);
  if (storeRole) return storeRole;
  if (ownProfile === undefined) return undefined;
  return ownProfile?._role ?? null;
}

/**
 * /property/new and /property/{id}/edit (docs/product.md §2, §5). Edit mode loads the listing from the server
 * (editing needs it anyway) and lets only its host in. A guest is not offered the form the server would
 * refuse (docs/product.md §6: only hosts list properties) but told why and how to become a host.
 */
export default function PropertyFormPage() {
  const params = useParams<{ id?: string }>();
  const propertyId = params.id ?? null;
  const userId = useSignInGate(AUTH_REQUIRED_FOR_PROPERTY);
  const listing = useRemoteLoad(
    propertyId && userId
      ? async (signal) => {
          const row = await fetchListingProperty(propertyId);
          if (row && !row.deleted_at && row.host_id === userId && !signal.aborted) await cacheServerRows('properties', [row]);
          return row;
        }
      : null,
    [propertyId, userId],
    'Loading the property to edit failed',
  );
  const row = listing.status === 'ready' ? listing.data : null;
  const problem =
    listing.status === 'idle' || listing.status === 'loading' ? null : !row || row.deleted_at ? LOAD_PROPERTY_FAILED : row.host_id !== userId ? UNAUTHORIZED_EDIT_PROPERTY : null;
  useLeaveToDashboard(problem);

  const role = useRole(userId);
  const isEdit = propertyId !== null;
  const isGuest = userId !== null && !isEdit && role === 'guest';
  const isReady = userId !== null && role !== undefined && (!isEdit || (row !== null && !problem));
  return (
    <Page
      isNarrow
      title={isEdit ? 'Edit property' : 'List your property'}
      subtitle={isEdit ? 'Update the details guests see on your listing.' : isGuest ? 'Hosts list their villas and rooms here.' : 'Tell remote workers about your villa. You can add rooms next.'}
    >
      {isGuest ? (
        <HostsOnlyNotice />
      ) : isReady ? (
        <PropertyForm key={propertyId ?? 'new'} propertyId={propertyId} initial={row ? draftOf(row) : EMPTY_PROPERTY_DRAFT} />
      ) : (
        <div className={styles.loading}>
          <Spinner label={isEdit ? 'Loading property' : 'Loading'} size={28} />
        </div>
      )}
    </Page>
  );
}
