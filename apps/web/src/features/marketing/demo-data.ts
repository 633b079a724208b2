/**
 * Every made-up figure of the marketing pages lives here, and nowhere else (ARCHITECTURE:
 * "marketing figures (testimonials, ticker) stay demo data and are labelled so"). None of these
 * is measured: the screens that show them say "Example" next to them. Real figures come from a
 * user's own bills, on the dashboard.
 */

/** The label shown beside demo figures a reader could take for measurements. */
export const DEMO_LABEL = 'Example figures';

/** Hero stat cards (01-core §2). The first two are the plan promises, the third the setup time claim. */
export const HERO_STATS = [
  { value: '100%', label: 'Money-back guarantee' },
  { value: '$150', label: 'Average annual savings' },
  { value: '5 min', label: 'Setup' },
] as const;

/** Sample figures of 01-core §1, shown as examples in the trust section. */
export const SAMPLE_FIGURES = [
  { value: '47,329', label: 'Bills analyzed' },
  { value: '$2.8M', label: 'Saved' },
  { value: '94.7%', label: 'Success rate' },
  { value: '5.0', label: 'Rating' },
] as const;

/** The three example testimonials (01-core §2: three cards, demo data). */
export const DEMO_TESTIMONIALS = [
  {
    name: 'Maria G.',
    place: 'Austin, TX',
    role: 'Home owner',
    quote: 'The first bill I uploaded showed a late fee I had already paid. One phone call and it came off.',
    savings: '$1,068/year',
  },
  {
    name: 'Dan K.',
    place: 'Columbus, OH',
    role: 'Bakery owner',
    quote: 'Seeing our demand charges month by month made it obvious when to run the ovens. Our summer bills dropped.',
    savings: '$2,340/year',
  },
  {
    name: 'Priya S.',
    place: 'Raleigh, NC',
    role: 'Renter',
    quote: 'I found a thermostat rebate I had never heard of, and the tips on standby power were easy to follow.',
    savings: '$312/year',
  },
] as const;

/** The savings tracker's example figure (01-core §9), shown still and labelled as an example. */
export const TICKER_START = 2_847_392;

/** Sample notices of the ticker, one every 5 s for 3 s. */
export const TICKER_NOTICES = [
  'Jordan in Denver saved $23 on an electricity bill',
  'A café in Portland found a $41 billing error',
  'Sam in Tampa switched to a time-of-use plan and saves $18 a month',
  'A family in Madison claimed a $300 thermostat rebate',
  'Lee in Phoenix cut standby power by 12%',
] as const;

/** The rotating community banner: five community and sustainability messages, 6.5 s each (01-core §2, §9). */
export const COMMUNITY_MESSAGES = [
  'Join a community of households and small businesses paying less for energy.',
  'Every kilowatt-hour you do not use is one a power plant does not make.',
  'Share a tip: the savings you find can help a neighbour find theirs.',
  'Small changes add up: LED bulbs, a smart thermostat and fixing a billing error.',
  'Cleaner energy and lower bills go together. Find the rebates near you.',
] as const;

/** The live demo's example result (01-core §4). */
export const DEMO_RESULT = { monthly: '$89/month', yearly: '$1,068/year', reduction: '36% reduction' } as const;
