// Static marketing content of the landing page (docs/product.md §2: sample profiles and testimonials are static).

export const howItWorks = [
  {
    title: 'Discover',
    text: 'Browse villas in nomad hubs with verified Wi-Fi speeds, real workspaces and rooms for 1 to 6 months.',
  },
  {
    title: 'Connect',
    text: 'See who else is staying, message hosts and future housemates, and find a house that fits how you work.',
  },
  {
    title: 'Stay',
    text: 'Book and pay by card in a few taps. Move in, join the house chat, and make the place your base.',
  },
] as const;

export const wifiPoints = [
  { figure: '100+ Mbps', label: 'typical fibre speed in our villas' },
  { figure: 'Backup', label: 'power and 4G failover at many homes' },
  { figure: 'Desks', label: 'real chairs, monitors and quiet corners' },
] as const;

export const communityPoints = [
  { title: "Who's Staying", text: 'Before you arrive, see the professions, time zones and interests of guests who chose to be visible.' },
  { title: 'House chat', text: 'Once your stay is confirmed, a group chat with your host and housemates keeps everyone in the loop.' },
  { title: 'Reviews both ways', text: 'Guests review homes and hosts; hosts review guests. Trust is earned, not assumed.' },
] as const;

export const sampleProfiles = [
  { name: 'Ana Ribeiro', profession: 'Product Designer', timezone: 'Europe/Lisbon', interests: ['Surfing', 'Design', 'Coffee'], place: 'Ericeira' },
  { name: 'Kenji Mori', profession: 'Backend Engineer', timezone: 'Asia/Tokyo', interests: ['Coding', 'Hiking', 'Music'], place: 'Chiang Mai' },
  { name: 'Sofia Alvarez', profession: 'Growth Marketer', timezone: 'America/Mexico_City', interests: ['Yoga', 'Startups', 'Travel'], place: 'Tulum' },
  { name: 'Tom Becker', profession: 'Data Scientist', timezone: 'Europe/Berlin', interests: ['Photography', 'Fitness', 'Writing'], place: 'Canggu' },
] as const;

export const testimonials = [
  {
    quote: 'I booked three months in Canggu before I landed. The Wi-Fi was exactly as listed and my housemates became my coworkers.',
    name: 'Priya S.',
    role: 'Freelance developer',
  },
  {
    quote: 'Seeing who was staying made the decision easy. We had a house dinner on the first night.',
    name: 'Marco D.',
    role: 'UX researcher',
  },
  {
    quote: 'As a host I only accept paid requests, and payouts arrive without chasing anyone. It just works.',
    name: 'Wayan K.',
    role: 'Villa host, Ubud',
  },
] as const;
