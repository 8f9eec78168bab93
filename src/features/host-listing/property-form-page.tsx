import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { AUTH_REQUIRED_FOR_PROPERTY, LOAD_PROPERTY_FAILED } from '../../domain/messages.ts';
import { logger } from '../../lib/logger.ts';
import { fetchListingProperty, type PropertyRecord } from '../../remote/listing-properties.ts';
import { cacheServerRows } from '../../sync/session-actions.ts';
import { Page } from '../../ui/page/page.tsx';
import { Spinner } from '../../ui/spinner/spinner.tsx';
import { toast } from '../../ui/toast/toast-queue.ts';
import { EMPTY_PROPERTY_DRAFT, PropertyForm, type PropertyDraft } from './components/property-form.tsx';
import * as styles from './host-listing.css.ts';
import { UNAUTHORIZED_EDIT_PROPERTY } from './listing-texts.ts';
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
 * /property/new and /property/{id}/edit (docs/product.md §2, §5). Edit mode loads the listing from the server
 * (editing needs it anyway) and lets only its host in.
 */
export default function PropertyFormPage() {
  const params = useParams<{ id?: string }>();
  const propertyId = params.id ?? null;
  const userId = useSignInGate(AUTH_REQUIRED_FOR_PROPERTY);
  const [, navigate] = useLocation();
  const [loaded, setLoaded] = useState<{ id: string; draft: PropertyDraft } | null>(null);
  const hasFailed = useRef(false);

  useEffect(() => {
    if (!propertyId || !userId) return;
    let isCurrent = true;
    const leave = (reason: { title: string; description?: string }) => {
      if (hasFailed.current) return;
      hasFailed.current = true;
      toast.error(reason.title, reason.description);
      navigate('/dashboard', { replace: true });
    };
    fetchListingProperty(propertyId)
      .then(async (row) => {
        if (!isCurrent) return;
        if (!row || row.deleted_at) return leave(LOAD_PROPERTY_FAILED);
        if (row.host_id !== userId) return leave(UNAUTHORIZED_EDIT_PROPERTY);
        await cacheServerRows('properties', [row]);
        setLoaded({ id: propertyId, draft: draftOf(row) });
      })
      .catch((error: unknown) => {
        logger.warn('Loading the property to edit failed', error);
        if (isCurrent) leave(LOAD_PROPERTY_FAILED);
      });
    return () => {
      isCurrent = false;
    };
  }, [propertyId, userId, navigate]);

  const isEdit = propertyId !== null;
  const isReady = userId !== null && (!isEdit || loaded?.id === propertyId);
  return (
    <Page
      isNarrow
      title={isEdit ? 'Edit property' : 'List your property'}
      subtitle={isEdit ? 'Update the details guests see on your listing.' : 'Tell remote workers about your villa. You can add rooms next.'}
    >
      {isReady ? (
        <PropertyForm key={propertyId ?? 'new'} propertyId={propertyId} initial={loaded?.draft ?? EMPTY_PROPERTY_DRAFT} />
      ) : (
        <div className={styles.loading}>
          <Spinner label={isEdit ? 'Loading property' : 'Loading'} size={28} />
        </div>
      )}
    </Page>
  );
}
