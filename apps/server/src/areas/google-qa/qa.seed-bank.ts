/**
 * The demo's profile questions, per trade (the company's primary category), each with the
 * answer the agency posted. Questions people really ask on Business Profiles; answers in
 * the owner's voice. `{name}` becomes the business name.
 */
export type QaPair = readonly [question: string, answer: string];

const GENERAL: QaPair[] = [
  [
    'Do you offer free estimates?',
    'Yes, estimates are free and come with no obligation. Call us or use the website to set one up.',
  ],
  [
    'Is there parking available?',
    'Yes, there is free parking right in front of our building, including accessible spaces.',
  ],
  [
    'Do you take credit cards?',
    'We accept all major credit cards, debit cards and checks. Ask us about financing for larger jobs.',
  ],
  [
    'Are you open on Saturdays?',
    'We are open Saturday mornings. Our full hours are on this profile, and we update them for holidays.',
  ],
  [
    'Is this a family-owned business?',
    'Yes! {name} is locally owned and operated, and we have served the area for years.',
  ],
  [
    'Do you have Spanish-speaking staff?',
    'Yes, several of our team members speak Spanish. Just let us know when you call.',
  ],
  [
    'How far in advance do I need to book?',
    'Most weeks we can see you within a few days. Call us and we will find the first time that suits you.',
  ],
  [
    'Do you offer senior or military discounts?',
    'We do: 10% off for seniors, veterans and active military. Mention it when you book.',
  ],
  [
    'Can I book online?',
    'Yes, you can book from the link on this profile or on our website, any time of day.',
  ],
  [
    'Do you have gift certificates?',
    'We do! Stop by or call us and we will get one ready for you.',
  ],
  [
    'Is the building wheelchair accessible?',
    'Yes, our entrance and restrooms are wheelchair accessible. Call ahead if you need anything else.',
  ],
  [
    'Do you offer any warranties on your work?',
    'Yes, our work comes with a written warranty. We will go over the details before we start.',
  ],
];

const BY_TRADE: Record<string, QaPair[]> = {
  plumbing: [
    [
      'Do you do emergency plumbing on weekends?',
      'Yes, we have a plumber on call every weekend for emergencies like burst pipes and backups.',
    ],
    [
      'How much does it cost to replace a water heater?',
      'It depends on the size and type (tank or tankless). We give an exact price before any work starts.',
    ],
    [
      'Do you install tankless water heaters?',
      'Yes, we install and service tankless water heaters from all the major brands.',
    ],
    [
      'Can you clear a main sewer line clog?',
      'Yes, we clear main lines with professional equipment and can camera-inspect the line afterwards.',
    ],
    [
      'Do you do leak detection without tearing up walls?',
      'We use acoustic and thermal leak detection to find the leak before opening anything up.',
    ],
    [
      'Is there a trip charge?',
      'There is a small service call fee, which we waive if you go ahead with the repair.',
    ],
    [
      'Do you work on older homes with galvanized pipes?',
      'Absolutely. We repipe older homes regularly and can replace galvanized lines with PEX or copper.',
    ],
    [
      'Are your plumbers licensed?',
      'Yes, every one of our plumbers is licensed and insured, and all work is permitted where required.',
    ],
  ],
  hvac: [
    [
      'Do you service all brands of AC units?',
      'Yes, our technicians service every major brand of air conditioner, furnace and heat pump.',
    ],
    [
      'Do you offer maintenance plans?',
      'We do: two tune-ups a year, priority scheduling and a discount on repairs.',
    ],
    [
      'How long does a new AC installation take?',
      'Most installations are done in one day. We will give you a firm schedule with your quote.',
    ],
    [
      'Do you offer financing for a new system?',
      'Yes, we offer financing with approved credit. Ask us for the current options.',
    ],
    [
      'Can you come out the same day if my AC stops working?',
      'In most cases yes; call us early in the day and we will do our best to get there that day.',
    ],
    [
      'Do you install heat pumps?',
      'Yes, we install high-efficiency heat pumps and can tell you about available rebates.',
    ],
    [
      'Do you clean air ducts?',
      'Yes, we offer duct cleaning and sealing, which can help both air quality and energy bills.',
    ],
    [
      'What is the diagnostic fee?',
      'Our diagnostic fee is applied to the repair if you decide to go ahead with it.',
    ],
  ],
  dental: [
    [
      'Are you accepting new patients?',
      'Yes, we are welcoming new patients of all ages. Call us or book online to get started.',
    ],
    [
      'Do you take Delta Dental insurance?',
      'We accept Delta Dental and most PPO plans. Our team will check your benefits before your visit.',
    ],
    [
      'Do you offer emergency dental appointments?',
      'Yes, we keep time open every day for dental emergencies. Call us as early as you can.',
    ],
    ['Do you see children?', 'Yes, we see patients of all ages, and kids are always welcome.'],
    [
      'Do you offer teeth whitening?',
      'Yes, we offer in-office whitening and take-home trays. Ask about it at your next visit.',
    ],
    [
      'Do you have sedation options for anxious patients?',
      'Yes, we offer nitrous oxide and other options to help you feel comfortable.',
    ],
    [
      'Do you do Invisalign?',
      'Yes, we offer Invisalign clear aligners. A consultation will tell you whether they suit you.',
    ],
    [
      'Do you have a membership plan for people without insurance?',
      'We do: our in-office plan covers cleanings and exams and gives a discount on other treatment.',
    ],
  ],
  legal: [
    ['Do you offer free consultations?', 'Yes, your first consultation is free and confidential.'],
    [
      'Do I have to pay anything up front?',
      'No. We work on a contingency basis: you pay no fee unless we win your case.',
    ],
    [
      'Do you handle motorcycle accident cases?',
      'Yes, we represent riders injured in motorcycle accidents.',
    ],
    [
      'Can you meet me at the hospital or at my home?',
      'Yes, if you cannot come to us, one of our attorneys can come to you.',
    ],
    [
      'How long does a personal injury case take?',
      'Every case is different; many settle within months, others take longer. We will keep you informed at every step.',
    ],
    [
      'Do you handle workplace injury claims?',
      'We do, including third-party claims alongside workers’ compensation.',
    ],
    [
      'Is there someone who speaks Spanish?',
      'Sí, hablamos español. Several members of our team speak Spanish.',
    ],
    [
      'What should I bring to my first meeting?',
      'Bring any police report, photos, medical records and insurance letters you have. We will take it from there.',
    ],
  ],
  roofing: [
    [
      'Do you help with insurance claims for storm damage?',
      'Yes, we inspect the damage, document it and work with your insurance adjuster.',
    ],
    [
      'Do you offer free roof inspections?',
      'Yes, inspections are free, and we send you photos of anything we find.',
    ],
    [
      'What roofing materials do you install?',
      'We install asphalt shingles, metal roofing and flat roof systems.',
    ],
    [
      'How long does a roof replacement take?',
      'Most homes are done in one to two days, weather permitting.',
    ],
    [
      'Do you repair leaks or only replace roofs?',
      'We do both: many leaks can be repaired without replacing the roof.',
    ],
    [
      'Do you clean up nails after the job?',
      'Yes, we clean up every day and sweep the property with magnets when the job is done.',
    ],
    ['Do you install gutters?', 'Yes, we install seamless gutters and gutter guards.'],
    [
      'What warranty comes with a new roof?',
      'New roofs come with the manufacturer’s warranty plus our own workmanship warranty.',
    ],
  ],
  towing: [
    ['Are you available 24/7?', 'Yes, we tow 24 hours a day, 7 days a week, holidays included.'],
    ['Do you do lockouts?', 'Yes, we can get you back into your car quickly and without damage.'],
    [
      'Can you tow an all-wheel-drive vehicle?',
      'Yes, we use flatbed trucks for all-wheel-drive vehicles so nothing gets damaged.',
    ],
    [
      'Do you offer jump starts and tire changes?',
      'Yes, we offer roadside assistance including jump starts, tire changes and fuel delivery.',
    ],
    [
      'How long does it usually take for a truck to arrive?',
      'It depends on traffic and where you are; we give you an arrival estimate when you call.',
    ],
    ['Do you tow motorcycles?', 'Yes, we have the equipment to tow motorcycles safely.'],
    [
      'Do you work with roadside assistance plans?',
      'Yes, we work with most roadside assistance plans and insurers.',
    ],
    ['Do you buy junk cars?', 'Yes, we pay cash for junk cars and tow them away for free.'],
  ],
  medspa: [
    [
      'Do you offer Botox consultations?',
      'Yes, consultations are complimentary with one of our licensed injectors.',
    ],
    [
      'Who performs the treatments?',
      'All injections are done by licensed nurse injectors under our medical director.',
    ],
    [
      'Do you have financing?',
      'Yes, we offer financing for many of our treatments. Ask us about the options.',
    ],
    [
      'Do you do laser hair removal?',
      'Yes, we offer laser hair removal for most skin types. A consultation comes first.',
    ],
    [
      'Is there downtime after a chemical peel?',
      'It depends on the peel; many have little to no downtime. We go over it at your consultation.',
    ],
    [
      'Do you offer memberships?',
      'Yes, our memberships include a monthly treatment and discounts on others.',
    ],
    ['Do you do lip filler?', 'Yes, we offer lip filler with natural-looking results.'],
    [
      'Can I buy skincare products without an appointment?',
      'Of course, stop by any time during our hours.',
    ],
  ],
  auto: [
    [
      'Do you do state inspections?',
      'Yes, we are a licensed inspection station. No appointment needed for most inspections.',
    ],
    [
      'Can I wait while you do an oil change?',
      'Yes, most oil changes take under an hour and our waiting room has Wi-Fi and coffee.',
    ],
    [
      'Do you work on European cars?',
      'Yes, our technicians work on most European makes, including BMW, Audi and Volkswagen.',
    ],
    [
      'Do you offer a shuttle or loaner cars?',
      'We offer a local shuttle for longer repairs. Ask when you book.',
    ],
    ['Do you warranty your repairs?', 'Yes, our repairs come with a parts and labor warranty.'],
    [
      'Can I bring my own parts?',
      'In some cases, yes. Call us and we will let you know for your repair.',
    ],
    ['Do you do alignments?', 'Yes, we do computer wheel alignments for cars and light trucks.'],
    [
      'Do you check the check engine light for free?',
      'We read the codes for free; a full diagnosis is quoted before we begin.',
    ],
  ],
  electrical: [
    [
      'Do you install EV chargers?',
      'Yes, we install Level 2 home EV chargers, including any panel upgrades needed.',
    ],
    [
      'Can you upgrade an old electrical panel?',
      'Yes, we replace and upgrade panels and take care of the permit and inspection.',
    ],
    ['Do you install whole-home generators?', 'Yes, we install and service standby generators.'],
    [
      'Are you licensed and insured?',
      'Yes, we are fully licensed and insured, and our electricians are background-checked.',
    ],
    [
      'Do you do emergency electrical repairs?',
      'Yes, call us any time for emergencies like sparking outlets or a loss of power.',
    ],
    [
      'Can you add outlets in an older home?',
      'Yes, we add outlets and circuits safely in homes of any age.',
    ],
    [
      'Do you install ceiling fans and lighting?',
      'Yes, we install ceiling fans, recessed lighting and outdoor lighting.',
    ],
    [
      'Do you do whole-house surge protection?',
      'Yes, we install surge protection at the panel to protect your whole home.',
    ],
  ],
};

/** The trade's bank, from the company's primary category ('Plumber', 'Orthodontist', …). */
function tradeOf(category: string | null): string | null {
  const c = (category ?? '').toLowerCase();
  if (c.includes('plumb')) return 'plumbing';
  if (c.includes('hvac') || c.includes('heating') || c.includes('air')) return 'hvac';
  if (c.includes('dent') || c.includes('orthodont')) return 'dental';
  if (c.includes('attorney') || c.includes('lawyer') || c.includes('law')) return 'legal';
  if (c.includes('roof')) return 'roofing';
  if (c.includes('tow')) return 'towing';
  if (c.includes('spa') || c.includes('aesthetic')) return 'medspa';
  if (c.includes('auto') || c.includes('repair shop') || c.includes('mechanic')) return 'auto';
  if (c.includes('electric')) return 'electrical';
  return null;
}

/** The trade's own questions first, then the general ones every business gets. */
export function questionBank(category: string | null): QaPair[] {
  const trade = tradeOf(category);
  return [...(trade ? (BY_TRADE[trade] ?? []) : []), ...GENERAL];
}

export const ASKERS = [
  'Jessica M.',
  'Robert K.',
  'Ana L.',
  'Michael T.',
  'Sarah P.',
  'David W.',
  'Latoya J.',
  'Chris B.',
  'Emily R.',
  'Jorge H.',
  'Megan S.',
  'Brian C.',
  'Nicole F.',
  'Kevin O.',
  'Priya N.',
  'Tyler G.',
];
