// The demo world: people, listings and rooms. generate-seed-sql.ts turns it into ../seed.sql and
// generate-photos.ts renders matching photos, so ids, names and photo paths agree by construction.

export const demoPassword = 'nomadnest-demo';

export type SceneKind = 'rice-terraces' | 'surf-beach' | 'city-roofs' | 'cliff-sea' | 'jungle-pool' | 'mountain-city';

export interface DemoUser {
  key: string;
  id: string;
  email: string;
  name: string;
  role: 'host' | 'guest';
  age: number;
  profession: string;
  bio: string;
  workTimezone: string;
  interests: string[];
  showInWhosStaying: boolean;
  isVisibleToGuests: boolean;
  onboardingComplete: boolean;
  verificationStatus: 'unverified' | 'pending' | 'verified';
  /** two colours for the generated avatar */
  palette: [string, string];
}

export interface DemoRoom {
  id: string;
  name: string;
  description: string;
  pricePerWeek: number;
  pricePerMonth: number | null;
  capacity: number;
  wifiSpeedMbps: number;
  minStayWeeks: number;
  maxStayWeeks: number;
  isAvailable: boolean;
}

export interface DemoProperty {
  key: string;
  id: string;
  hostKey: string;
  name: string;
  city: string;
  country: string;
  googleMapsUrl: string;
  description: string;
  workspaceDetails: string;
  amenities: string[];
  wifiSpeedMbps: number;
  scene: SceneKind;
  /** sky top, sky bottom, accent */
  palette: [string, string, string];
  /** days since the listing was created (newest first on /properties) */
  listedDaysAgo: number;
  rooms: DemoRoom[];
}

const userId = (n: number): string => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const propertyId = (n: number): string => `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const roomId = (property: number, room: number): string =>
  `c0000000-0000-4000-8000-${String(property).padStart(8, '0')}${String(room).padStart(4, '0')}`;

export const users: DemoUser[] = [
  {
    key: 'maya', id: userId(1), email: 'maya.host@nomadnest.test', name: 'Maya Santoso', role: 'host', age: 36,
    profession: 'Architect & coliving host',
    bio: 'Balinese-Dutch architect. I design slow, light-filled houses for people who work from anywhere and host three of them.',
    workTimezone: 'Asia/Singapore', interests: ['Design', 'Yoga', 'Surfing', 'Coffee'], showInWhosStaying: true,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'verified', palette: ['#0f766e', '#5eead4'],
  },
  {
    key: 'tiago', id: userId(2), email: 'tiago.host@nomadnest.test', name: 'Tiago Ferreira', role: 'host', age: 42,
    profession: 'Former startup CTO',
    bio: 'Lisbon born, surfer, ex-CTO. My houses have proper desks, fibre and a long table for Sunday dinners.',
    workTimezone: 'Europe/London', interests: ['Surfing', 'Startups', 'Coding'], showInWhosStaying: true,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'verified', palette: ['#1d4ed8', '#93c5fd'],
  },
  {
    key: 'sofia', id: userId(3), email: 'sofia.host@nomadnest.test', name: 'Sofía Restrepo', role: 'host', age: 33,
    profession: 'Community manager',
    bio: 'I run coliving houses in Latin America with weekly dinners, Spanish classes and a lot of plants.',
    workTimezone: 'America/Chicago', interests: ['Music', 'Hiking', 'Photography'], showInWhosStaying: true,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'verified', palette: ['#be185d', '#f9a8d4'],
  },
  {
    key: 'nika', id: userId(4), email: 'nika.host@nomadnest.test', name: 'Nika Beridze', role: 'host', age: 39,
    profession: 'Property manager',
    bio: 'I prefer to stay in the background; my team looks after the houses day to day.',
    workTimezone: 'Asia/Dubai', interests: ['Art', 'Travel'], showInWhosStaying: true,
    isVisibleToGuests: false, onboardingComplete: true, verificationStatus: 'pending', palette: ['#7c2d12', '#fdba74'],
  },
  {
    key: 'leo', id: userId(11), email: 'leo.guest@nomadnest.test', name: 'Leo Martins', role: 'guest', age: 29,
    profession: 'Software Developer',
    bio: 'Backend developer for a Berlin fintech. Mornings on the board, afternoons in the code.',
    workTimezone: 'Europe/Paris', interests: ['Surfing', 'Coding', 'Coffee', 'Hiking'], showInWhosStaying: true,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'verified', palette: ['#4338ca', '#a5b4fc'],
  },
  {
    key: 'ana', id: userId(12), email: 'ana.guest@nomadnest.test', name: 'Ana Kowalski', role: 'guest', age: 34,
    profession: 'UX Designer',
    bio: 'Product designer, plant person, always up for a sunrise hike.',
    workTimezone: 'Europe/Athens', interests: ['Design', 'Yoga', 'Photography', 'Art', 'Meditation'], showInWhosStaying: true,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'verified', palette: ['#a21caf', '#f0abfc'],
  },
  {
    key: 'sam', id: userId(13), email: 'sam.guest@nomadnest.test', name: 'Sam Okafor', role: 'guest', age: 31,
    profession: 'Data Scientist',
    bio: 'Quiet stays, fast Wi-Fi, good coffee.',
    workTimezone: 'Europe/London', interests: ['Coding', 'Fitness'], showInWhosStaying: false,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'unverified', palette: ['#15803d', '#86efac'],
  },
  {
    key: 'priya', id: userId(14), email: 'priya.guest@nomadnest.test', name: 'Priya Nair', role: 'guest', age: 27,
    profession: 'Content Writer',
    bio: 'Writing travel guides and a novel, slowly.',
    workTimezone: 'Asia/Dubai', interests: ['Writing', 'Yoga', 'Travel', 'Coffee'], showInWhosStaying: true,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'unverified', palette: ['#b45309', '#fcd34d'],
  },
  {
    key: 'jonas', id: userId(15), email: 'jonas.guest@nomadnest.test', name: 'Jonas Weber', role: 'guest', age: 41,
    profession: 'Product Manager',
    bio: 'Remote PM, dad of one, learning to surf at last.',
    workTimezone: 'Europe/Paris', interests: ['Startups', 'Surfing'], showInWhosStaying: false,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'verified', palette: ['#0369a1', '#7dd3fc'],
  },
  {
    key: 'chloe', id: userId(16), email: 'chloe.guest@nomadnest.test', name: 'Chloé Martin', role: 'guest', age: 30,
    profession: 'Illustrator',
    bio: 'Freelance illustrator drawing my way around the world.',
    workTimezone: 'Europe/Paris', interests: ['Art', 'Music', 'Travel'], showInWhosStaying: true,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'unverified', palette: ['#c2410c', '#fdba74'],
  },
  {
    key: 'kenji', id: userId(17), email: 'kenji.guest@nomadnest.test', name: 'Kenji Watanabe', role: 'guest', age: 38,
    profession: 'DevOps Engineer',
    bio: 'Infrastructure by day, street photography by night.',
    workTimezone: 'Asia/Tokyo', interests: ['Photography', 'Coding', 'Hiking'], showInWhosStaying: true,
    isVisibleToGuests: true, onboardingComplete: true, verificationStatus: 'verified', palette: ['#334155', '#cbd5e1'],
  },
  {
    key: 'emma', id: userId(18), email: 'emma.guest@nomadnest.test', name: 'Emma Lindqvist', role: 'guest', age: 24,
    profession: '',
    bio: '',
    workTimezone: 'Europe/London', interests: [], showInWhosStaying: true,
    isVisibleToGuests: true, onboardingComplete: false, verificationStatus: 'unverified', palette: ['#0e7490', '#67e8f9'],
  },
];

interface RoomSpec {
  name: string;
  description: string;
  week: number;
  capacity?: number;
  available?: boolean;
}

function rooms(property: number, wifi: number, specs: RoomSpec[]): DemoRoom[] {
  return specs.map((spec, index) => ({
    id: roomId(property, index + 1),
    name: spec.name,
    description: spec.description,
    pricePerWeek: spec.week,
    // Monthly price: a small long-stay discount on 4.33 weeks, rounded to 10.
    pricePerMonth: Math.round((spec.week * 4.33 * 0.92) / 10) * 10,
    capacity: spec.capacity ?? 1,
    wifiSpeedMbps: wifi,
    minStayWeeks: 4,
    maxStayWeeks: 26,
    isAvailable: spec.available ?? true,
  }));
}

export const properties: DemoProperty[] = [
  {
    key: 'ubud', id: propertyId(1), hostKey: 'maya', name: 'Rice Terrace Coliving Villa', city: 'Ubud', country: 'Indonesia',
    googleMapsUrl: 'https://maps.google.com/?q=Ubud,Bali',
    description: 'A teak and stone villa above the Tegallalang rice terraces, ten minutes by scooter from central Ubud. Five private rooms share an open living pavilion, a saltwater pool and a kitchen with a cook three days a week. Mornings are quiet enough to hear the water in the terraces; evenings the house often eats together.',
    workspaceDetails: 'Shaded coworking bale with six standing desks, ergonomic chairs, 27" monitors on request, two phone booths and a backup 4G router. Fibre 150 Mbps with UPS for the frequent rain-season outages.',
    amenities: ['Work-friendly', 'Pool', 'AC', 'Quiet area', 'Weekly cleaning', 'Yoga deck', 'Cook 3 days a week', 'Phone booths', 'Scooter rental'], wifiSpeedMbps: 150,
    scene: 'rice-terraces', palette: ['#fde68a', '#fbcfe8', '#15803d'], listedDaysAgo: 2,
    rooms: rooms(1, 150, [
      { name: 'Terrace Suite', description: 'Corner suite with a private terrace over the rice fields, king bed and a writing desk.', week: 320, capacity: 2 },
      { name: 'Frangipani Room', description: 'Garden-facing queen room with a rain shower and built-in desk.', week: 240 },
      { name: 'Bamboo Loft', description: 'Mezzanine loft under a bamboo roof; great light, ceiling fan and AC.', week: 210 },
      { name: 'Pool Room', description: 'Steps from the pool, queen bed, big wardrobe for long stays.', week: 260 },
      { name: 'Studio Nook', description: 'Compact single room with a standing desk, ideal for focused sprints.', week: 170 },
    ]),
  },
  {
    key: 'canggu', id: propertyId(2), hostKey: 'maya', name: 'Batu Bolong Surf House', city: 'Canggu', country: 'Indonesia',
    googleMapsUrl: 'https://maps.google.com/?q=Batu+Bolong,Canggu',
    description: 'A modern tropical house a short walk from Batu Bolong beach. Board racks, an outdoor shower and a rooftop for sunset calls. The street is lively, the house is not: rooms face an inner garden.',
    workspaceDetails: 'Air-conditioned office room with four desks and a meeting corner; 200 Mbps fibre plus Starlink backup. Dojo coworking is a 7-minute walk.',
    amenities: ['Work-friendly', '100mbps+ WiFi', 'Pool', 'AC', 'Surfboard racks', 'Outdoor shower', 'Rooftop', 'Starlink backup'], wifiSpeedMbps: 200,
    scene: 'surf-beach', palette: ['#fdba74', '#f9a8d4', '#0e7490'], listedDaysAgo: 5,
    rooms: rooms(2, 200, [
      { name: 'Ocean Room', description: 'Upstairs room with a glimpse of the sea and a balcony hammock.', week: 290 },
      { name: 'Garden Room', description: 'Ground-floor queen room opening onto the frangipani garden.', week: 230 },
      { name: 'Surfer Bunk', description: 'Twin room for two friends, board storage next door.', week: 190, capacity: 2 },
      { name: 'Rooftop Studio', description: 'Private studio on the roof with kitchenette and a sunset deck.', week: 350 },
    ]),
  },
  {
    key: 'danang', id: propertyId(3), hostKey: 'maya', name: 'My Khe Beach Loft', city: 'Da Nang', country: 'Vietnam',
    googleMapsUrl: 'https://maps.google.com/?q=My+Khe+Beach,Da+Nang',
    description: 'Two bright lofts in a narrow Vietnamese tube house, one block from My Khe beach. Coffee shops on every corner and the Marble Mountains on the horizon.',
    workspaceDetails: 'Each loft has a proper desk and chair; shared rooftop table with shade. 120 Mbps fibre.',
    amenities: ['Sea view', 'AC', 'Work-friendly', 'Weekly cleaning', 'Rooftop table', '1 block to the beach'], wifiSpeedMbps: 120,
    scene: 'surf-beach', palette: ['#bae6fd', '#fef3c7', '#0369a1'], listedDaysAgo: 9,
    rooms: rooms(3, 120, [
      { name: 'Sea Loft', description: 'Top-floor loft with a sea glimpse, queen bed and desk by the window.', week: 160 },
      { name: 'Lantern Loft', description: 'Quiet loft at the back with a reading corner.', week: 130 },
    ]),
  },
  {
    key: 'lisbon', id: propertyId(4), hostKey: 'tiago', name: 'Alfama Rooftop House', city: 'Lisbon', country: 'Portugal',
    googleMapsUrl: 'https://maps.google.com/?q=Alfama,Lisbon',
    description: 'A restored 19th-century house in Alfama with azulejo stairs, tall windows and a rooftop looking over the Tagus. Trams, fado bars and miradouros on your doorstep; three coworkings within fifteen minutes.',
    workspaceDetails: 'Library room with five desks, monitors and a soundproofed call booth. 500 Mbps symmetrical fibre, mesh Wi-Fi on every floor.',
    amenities: ['Work-friendly', '100mbps+ WiFi', 'Weekly cleaning', 'Quiet area', 'River-view rooftop', 'Soundproof call booth', 'External monitors'], wifiSpeedMbps: 500,
    scene: 'city-roofs', palette: ['#fed7aa', '#fecdd3', '#b45309'], listedDaysAgo: 1,
    rooms: rooms(4, 500, [
      { name: 'Tagus View Room', description: 'River view through two tall windows, queen bed, antique desk.', week: 380 },
      { name: 'Azulejo Room', description: 'Tiled room with a balcony over the lane.', week: 330 },
      { name: 'Courtyard Room', description: 'Quiet room on the courtyard, perfect for early calls.', week: 290 },
      { name: 'Attic Studio', description: 'Sloped-ceiling studio under the roof, own bathroom and kitchenette.', week: 420, capacity: 2 },
    ]),
  },
  {
    key: 'ericeira', id: propertyId(5), hostKey: 'tiago', name: 'Ribamar Surf Villa', city: 'Ericeira', country: 'Portugal',
    googleMapsUrl: 'https://maps.google.com/?q=Ribamar,Ericeira',
    description: 'A whitewashed villa on the cliffs of the World Surfing Reserve, walking distance to Ribeira d\'Ilhas. Garden with a wood-fired oven, board shed and a hot shower outside for after the session.',
    workspaceDetails: 'Conservatory office with four desks facing the sea, 300 Mbps fibre and a 4G failover.',
    amenities: ['Sea view', 'Work-friendly', '100mbps+ WiFi', 'Quiet area', 'Board shed', 'Wood-fired oven', 'Garden'], wifiSpeedMbps: 300,
    scene: 'cliff-sea', palette: ['#bfdbfe', '#e0f2fe', '#1e3a8a'], listedDaysAgo: 14,
    rooms: rooms(5, 300, [
      { name: 'Atlantic Room', description: 'Sea-facing double with a balcony to check the swell.', week: 300 },
      { name: 'Pine Room', description: 'Garden double among the pines, big desk.', week: 250 },
      { name: 'Board Room', description: 'Single room next to the board shed, cosy and quiet.', week: 190 },
    ]),
  },
  {
    key: 'madeira', id: propertyId(6), hostKey: 'tiago', name: 'Ponta do Sol Cliff House', city: 'Ponta do Sol', country: 'Portugal (Madeira)',
    googleMapsUrl: 'https://maps.google.com/?q=Ponta+do+Sol,Madeira',
    description: 'Terraced house above the sunniest village on Madeira, home of the original digital nomad village. Banana plantations below, levada hikes above, and the whole Atlantic in front.',
    workspaceDetails: 'Sun room with four desks and ocean views, plus the nomad village coworking five minutes downhill. 250 Mbps fibre.',
    amenities: ['Sea view', 'Work-friendly', '100mbps+ WiFi', 'Quiet area', 'Weekly cleaning', 'Levada hikes from the door', 'Bathtub suite'], wifiSpeedMbps: 250,
    scene: 'cliff-sea', palette: ['#fef9c3', '#bae6fd', '#166534'], listedDaysAgo: 20,
    rooms: rooms(6, 250, [
      { name: 'Sunset Room', description: 'West-facing double with a private terrace.', week: 260 },
      { name: 'Levada Room', description: 'Garden double with a hammock under the avocado tree.', week: 220 },
      { name: 'Banana Room', description: 'Single room overlooking the plantations.', week: 170 },
      { name: 'Cliff Suite', description: 'Top suite with panoramic ocean windows and a bathtub.', week: 340, capacity: 2 },
    ]),
  },
  {
    key: 'medellin', id: propertyId(7), hostKey: 'sofia', name: 'El Poblado Garden Villa', city: 'Medellín', country: 'Colombia',
    googleMapsUrl: 'https://maps.google.com/?q=El+Poblado,Medellin',
    description: 'A modernist villa in the green hills of El Poblado, where it is spring all year. Five rooms around a garden with hummingbirds, a plunge pool and a barbecue terrace; Provenza cafés are ten minutes away.',
    workspaceDetails: 'Coworking room with six desks and a big screen for demos; 300 Mbps fibre with generator backup.',
    amenities: ['Pool', 'Work-friendly', '100mbps+ WiFi', 'Weekly cleaning', 'Garden', 'BBQ terrace', 'Generator backup'], wifiSpeedMbps: 300,
    scene: 'jungle-pool', palette: ['#d9f99d', '#fef08a', '#166534'], listedDaysAgo: 4,
    rooms: rooms(7, 300, [
      { name: 'Orchid Room', description: 'Garden double with floor-to-ceiling windows.', week: 210 },
      { name: 'Colibrí Room', description: 'Upstairs double with a hummingbird feeder on the balcony.', week: 230 },
      { name: 'Valley Suite', description: 'Suite with a valley view, king bed and desk.', week: 280, capacity: 2 },
      { name: 'Café Room', description: 'Cosy double with a coffee nook.', week: 180 },
      { name: 'Pool Studio', description: 'Studio by the plunge pool with its own entrance.', week: 250, available: false },
    ]),
  },
  {
    key: 'cdmx', id: propertyId(8), hostKey: 'sofia', name: 'Roma Norte Casona', city: 'Mexico City', country: 'Mexico',
    googleMapsUrl: 'https://maps.google.com/?q=Roma+Norte,Mexico+City',
    description: 'An art deco casona on a tree-lined street in Roma Norte. Four rooms, a courtyard with jacarandas and a roof terrace for tacos al pastor nights.',
    workspaceDetails: 'Courtyard studio with four desks and two call booths; 400 Mbps fibre.',
    amenities: ['Work-friendly', '100mbps+ WiFi', 'Weekly cleaning', 'Courtyard', 'Roof terrace', 'Call booths'], wifiSpeedMbps: 400,
    scene: 'city-roofs', palette: ['#fbcfe8', '#ddd6fe', '#9d174d'], listedDaysAgo: 7,
    rooms: rooms(8, 400, [
      { name: 'Jacaranda Room', description: 'Double overlooking the courtyard tree.', week: 240 },
      { name: 'Deco Room', description: 'High ceilings, original tiles, queen bed.', week: 260 },
      { name: 'Terrace Room', description: 'Opens onto the roof terrace; sunny and social.', week: 220 },
      { name: 'Library Room', description: 'Quiet room lined with books, single bed and large desk.', week: 190 },
    ]),
  },
  {
    key: 'tulum', id: propertyId(9), hostKey: 'sofia', name: 'Aldea Zama Jungle Villa', city: 'Tulum', country: 'Mexico',
    googleMapsUrl: 'https://maps.google.com/?q=Aldea+Zama,Tulum',
    description: 'A concrete-and-wood villa in the jungle between town and the beach. Cenote trips on weekends, a pool under the palms, bikes for everyone.',
    workspaceDetails: 'Screened palapa office with four desks, fans and 150 Mbps fibre plus Starlink.',
    amenities: ['Pool', 'AC', 'Work-friendly', '100mbps+ WiFi', 'Bikes for everyone', 'Starlink backup', 'Cenote trips'], wifiSpeedMbps: 150,
    scene: 'jungle-pool', palette: ['#fde68a', '#a7f3d0', '#065f46'], listedDaysAgo: 11,
    rooms: rooms(9, 150, [
      { name: 'Cenote Room', description: 'Cool stone room with a rain shower.', week: 280 },
      { name: 'Palm Room', description: 'Poolside double with a hammock.', week: 300 },
      { name: 'Jungle Loft', description: 'Loft among the treetops, king bed.', week: 340, capacity: 2 },
    ]),
  },
  {
    key: 'tbilisi', id: propertyId(10), hostKey: 'nika', name: 'Sololaki Balcony House', city: 'Tbilisi', country: 'Georgia',
    googleMapsUrl: 'https://maps.google.com/?q=Sololaki,Tbilisi',
    description: 'A 1900s house with carved wooden balconies in old Sololaki. Wine bars, sulphur baths and the funicular to Mtatsminda within walking distance; a year-long visa on arrival for many passports.',
    workspaceDetails: 'Balcony desks in every room and a shared work table; 100 Mbps fibre.',
    amenities: ['Work-friendly', 'Quiet area', 'Weekly cleaning', 'Balcony desks', 'Courtyard with grapevine', 'Heating'], wifiSpeedMbps: 100,
    scene: 'mountain-city', palette: ['#e9d5ff', '#fecaca', '#7c2d12'], listedDaysAgo: 25,
    rooms: rooms(10, 100, [
      { name: 'Balcony Room', description: 'Carved balcony over the street, double bed.', week: 140 },
      { name: 'Vine Room', description: 'Courtyard double under the grapevine.', week: 120 },
      { name: 'Tower Room', description: 'Small round room with views of Narikala.', week: 110 },
    ]),
  },
  {
    key: 'chiangmai', id: propertyId(11), hostKey: 'nika', name: 'Nimman Teak House', city: 'Chiang Mai', country: 'Thailand',
    googleMapsUrl: 'https://maps.google.com/?q=Nimmanhaemin,Chiang+Mai',
    description: 'A traditional Lanna teak house on a quiet soi off Nimmanhaemin. Doi Suthep rises behind the garden; coworkings and night markets are a short walk.',
    workspaceDetails: 'Open veranda with six desks, fans and 1 Gbps fibre; CAMP and Punspace nearby.',
    amenities: ['Work-friendly', '100mbps+ WiFi', 'AC', 'Quiet area', 'Weekly cleaning', 'Work veranda', 'Lotus pond garden'], wifiSpeedMbps: 1000,
    scene: 'mountain-city', palette: ['#fef3c7', '#fed7aa', '#14532d'], listedDaysAgo: 30,
    rooms: rooms(11, 1000, [
      { name: 'Teak Room', description: 'Dark teak walls, king bed, big window on the garden.', week: 150 },
      { name: 'Doi Suthep Room', description: 'Mountain view double with AC.', week: 140 },
      { name: 'Lotus Room', description: 'Ground-floor double by the lotus pond.', week: 130 },
      { name: 'Veranda Single', description: 'Single room opening onto the work veranda.', week: 100 },
    ]),
  },
  {
    key: 'capetown', id: propertyId(12), hostKey: 'nika', name: 'Tamboerskloof Mountain View Villa', city: 'Cape Town', country: 'South Africa',
    googleMapsUrl: 'https://maps.google.com/?q=Tamboerskloof,Cape+Town',
    description: 'A Cape Victorian villa on the slopes of Table Mountain with Lion\'s Head from the pool. Six rooms, a braai deck and the best sunsets in the city bowl; Kloof Street cafés are five minutes away.',
    workspaceDetails: 'Two work rooms with eight desks and load-shedding proof power (inverter and batteries). 200 Mbps fibre.',
    amenities: ['Pool', 'Work-friendly', '100mbps+ WiFi', 'Weekly cleaning', 'Sea view', 'Braai deck', 'Load-shedding backup power'], wifiSpeedMbps: 200,
    scene: 'mountain-city', palette: ['#bae6fd', '#fde68a', '#1e3a8a'], listedDaysAgo: 40,
    rooms: rooms(12, 200, [
      { name: 'Lion\'s Head Room', description: 'Views of Lion\'s Head from the bed, queen size.', week: 230 },
      { name: 'Table Mountain Suite', description: 'Suite facing the mountain with a bathtub.', week: 310, capacity: 2 },
      { name: 'Protea Room', description: 'Garden double with a reading chair.', week: 200 },
      { name: 'Pool Room', description: 'Next to the pool deck, bright and airy.', week: 210 },
      { name: 'Loft Room', description: 'Attic room with skylights.', week: 170 },
      { name: 'Fynbos Single', description: 'Single room, desk by the window.', week: 140 },
    ]),
  },
];

export function userByKey(key: string): DemoUser {
  const user = users.find((u) => u.key === key);
  if (!user) throw new Error(`unknown demo user ${key}`);
  return user;
}

export function propertyByKey(key: string): DemoProperty {
  const property = properties.find((p) => p.key === key);
  if (!property) throw new Error(`unknown demo property ${key}`);
  return property;
}

/** Object paths inside the buckets; seed.sql stores them as relative public URLs. */
export const photoPaths = {
  property: (p: DemoProperty, n: number): string => `${p.id}/cover-${n}.webp`,
  room: (p: DemoProperty, r: DemoRoom): string => `${p.id}/${r.id}.webp`,
  avatar: (u: DemoUser): string => `${u.id}/avatar.webp`,
};

export const propertyPhotoCount = 3;

/** Relative URL the app resolves against its Supabase URL. */
export function publicPhotoUrl(bucket: 'property-photos' | 'room-photos' | 'profile-photos', path: string): string {
  return `/storage/v1/object/public/${bucket}/${path}`;
}
