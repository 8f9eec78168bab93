import { describe, expect, it } from 'vitest';
import { toCardView, type CardSource } from '../../../../src/features/explore/card-view.ts';

const base = 'http://127.0.0.1:54321';
const photo = (n: number) => `/storage/v1/object/public/property-photos/villa/${n}.webp`;

function source(overrides: Partial<CardSource['property']> = {}, rooms: CardSource['rooms'] = []): CardSource {
  return {
    property: { id: 'p1', name: 'Casa Azul', city: 'Lisbon', country: 'Portugal', photos: [photo(1)], price_per_week: 300, wifi_speed_mbps: 150, ...overrides },
    rooms,
  };
}

describe('property card view', () => {
  it('links to the property page and shows city and country', () => {
    const view = toCardView(source(), base);
    expect(view.href).toBe('/property/p1');
    expect(view.location).toBe('Lisbon, Portugal');
  });

  it('shows at most 5 photos, rendered at width 1200 quality 70 with a 40 px placeholder (transformations on)', () => {
    const view = toCardView(source({ photos: [1, 2, 3, 4, 5, 6, 7].map(photo) }), base, true);
    expect(view.photos).toHaveLength(5);
    expect(view.photos[0]?.src).toBe(`${base}/storage/v1/render/image/public/property-photos/villa/1.webp?width=1200&quality=70`);
    expect(view.photos[0]?.placeholder).toBe(`${base}/storage/v1/render/image/public/property-photos/villa/1.webp?width=40&quality=10`);
    expect(view.photos[4]?.alt).toBe('Casa Azul, photo 5 of 5');
  });

  it('offers card-sized renditions (480, 800, 1200 px) so a card does not download the display size', () => {
    const view = toCardView(source({ photos: [photo(1)] }), base, true);
    const render = `${base}/storage/v1/render/image/public/property-photos/villa/1.webp`;
    expect(view.photos[0]?.srcSet).toBe(`${render}?width=480&quality=70 480w, ${render}?width=800&quality=70 800w, ${render}?width=1200&quality=70 1200w`);
  });

  it('without transformations, shows the uploaded renditions: 480, 800, 1200 px and the 40 px placeholder', () => {
    const view = toCardView(source({ photos: [photo(1)] }), base, false);
    const stored = `${base}/storage/v1/object/public/property-photos/villa/1.webp`;
    expect(view.photos[0]).toMatchObject({
      src: `${stored}.w1200.webp`,
      srcSet: `${stored}.w480.webp 480w, ${stored}.w800.webp 800w, ${stored}.w1200.webp 1200w`,
      placeholder: `${stored}.w40.webp`,
    });
  });

  it('prices the card from the cheapest room, a month as the monthly plan charges it', () => {
    expect(toCardView(source({}, [{ price_per_week: 300, price_per_month: 1100 }, { price_per_week: 200, price_per_month: null }]), base).priceText).toBe('from ~$866/month');
    expect(toCardView(source({}, [{ price_per_week: 300, price_per_month: 1100 }]), base).priceText).toBe('from ~$1,299/month');
  });

  it('falls back to Contact for pricing when nothing has a price', () => {
    const view = toCardView(source({ price_per_week: 0 }, [{ price_per_week: 0, price_per_month: null }]), base);
    expect(view.priceText).toBe('Contact for pricing');
    expect(view.hasPrice).toBe(false);
  });

  it('labels the Wi-Fi speed, and leaves it out when unknown', () => {
    expect(toCardView(source({ wifi_speed_mbps: 149.6 }), base).wifiLabel).toBe('150 Mbps Wi-Fi');
    expect(toCardView(source({ wifi_speed_mbps: null }), base).wifiLabel).toBeNull();
    expect(toCardView(source({ wifi_speed_mbps: 0 }), base).wifiLabel).toBeNull();
  });
});
