import type { ProductSlug } from '@pinpoint/contracts';

/**
 * The trades the demo agency serves: each with its LSA vertical, Google primary
 * category, how its businesses are named, what people search for, and which products
 * such a client typically buys (in order of likelihood).
 */
export interface VerticalSeed {
  slug: string;
  name: string;
  lsaCategory: string;
  category: string;
  namePrefixes: string[];
  nameSuffixes: string[];
  keywords: string[];
  products: ProductSlug[];
}

export const VERTICALS: VerticalSeed[] = [
  {
    slug: 'plumber',
    name: 'Plumbing',
    lsaCategory: 'plumber',
    category: 'Plumber',
    namePrefixes: ['Summit', 'Reliable', 'Blue Line', 'Apex', 'Cornerstone', 'FlowRight', 'Precision', 'Mr. Pipe'],
    nameSuffixes: ['Plumbing', 'Plumbing & Drain', 'Plumbing Co.', 'Rooter & Plumbing'],
    keywords: ['plumber', 'emergency plumber', 'drain cleaning', 'water heater repair', 'leak detection'],
    products: ['google-business-pro', 'local-services-ads', 'google-ads', 'business-listings', 'website-hosting', 'webworx-professional'],
  },
  {
    slug: 'hvac',
    name: 'HVAC',
    lsaCategory: 'hvac',
    category: 'HVAC contractor',
    namePrefixes: ['Comfort Zone', 'Polar', 'AirPro', 'Year Round', 'TrueTemp', 'Arctic Breeze', 'Canyon'],
    nameSuffixes: ['Heating & Air', 'HVAC', 'Air Conditioning', 'Climate Services'],
    keywords: ['ac repair', 'hvac company', 'furnace repair', 'air conditioning installation', 'heat pump service'],
    products: ['local-services-ads', 'google-business-pro', 'google-ads', 'facebook-ads', 'managed-business-listings', 'website'],
  },
  {
    slug: 'dentist',
    name: 'Dentistry',
    lsaCategory: 'dentist',
    category: 'Dentist',
    namePrefixes: ['Bright Smile', 'Parkside', 'Gentle Care', 'Lakeview', 'Family First', 'Sunrise'],
    nameSuffixes: ['Dental', 'Family Dentistry', 'Dental Studio', 'Dental Care'],
    keywords: ['dentist', 'teeth whitening', 'dental implants', 'emergency dentist', 'family dentist'],
    products: ['google-business-pro', 'facebook-pro', 'google-ads', 'webworx-professional', 'business-listings', 'facebook-ads'],
  },
  {
    slug: 'lawyer',
    name: 'Legal',
    lsaCategory: 'personal_injury_attorney',
    category: 'Personal injury attorney',
    namePrefixes: ['Whitaker', 'Hollis & Grant', 'Stone', 'Marlow', 'Castillo', 'Redfield'],
    nameSuffixes: ['Law Group', 'Injury Lawyers', 'Law Firm', 'Trial Attorneys'],
    keywords: ['personal injury lawyer', 'car accident attorney', 'injury attorney', 'truck accident lawyer', 'slip and fall lawyer'],
    products: ['local-services-ads', 'google-ads', 'google-business-pro', 'seo-pro', 'webworx-professional', 'facebook-ads'],
  },
  {
    slug: 'roofer',
    name: 'Roofing',
    lsaCategory: 'roofer',
    category: 'Roofing contractor',
    namePrefixes: ['Peak', 'Ironclad', 'Heritage', 'Top Notch', 'StormGuard', 'Ridgeline'],
    nameSuffixes: ['Roofing', 'Roofing & Exteriors', 'Roof Systems', 'Roofing Co.'],
    keywords: ['roofer', 'roof repair', 'roof replacement', 'storm damage roof', 'metal roofing'],
    products: ['google-business-pro', 'local-services-ads', 'facebook-ads', 'google-ads', 'powerpage', 'business-listings'],
  },
  {
    slug: 'towing',
    name: 'Towing',
    lsaCategory: 'towing',
    category: 'Towing service',
    namePrefixes: ['Rapid', 'Roadrunner', 'A-1', 'Midnight', 'Big Rig', 'Lifeline'],
    nameSuffixes: ['Towing', 'Towing & Recovery', 'Tow Service', 'Roadside'],
    keywords: ['towing service', 'tow truck', 'roadside assistance', 'car lockout', 'heavy duty towing'],
    products: ['tow-marketing-essentials', 'google-calls-advisor', 'google-business-pro', 'managed-business-listings', 'ads-xpress'],
  },
  {
    slug: 'med-spa',
    name: 'Med spa',
    lsaCategory: 'medical_spa',
    category: 'Medical spa',
    namePrefixes: ['Glow', 'Luxe', 'Revive', 'Radiance', 'Serenity', 'Velvet'],
    nameSuffixes: ['Med Spa', 'Aesthetics', 'Skin & Laser', 'Wellness Spa'],
    keywords: ['med spa', 'botox', 'lip filler', 'laser hair removal', 'hydrafacial'],
    products: ['facebook-pro', 'facebook-ads', 'google-business-pro', 'local-marketing-essentials', 'website', 'omgincontact'],
  },
  {
    slug: 'auto-repair',
    name: 'Auto repair',
    lsaCategory: 'auto_repair',
    category: 'Auto repair shop',
    namePrefixes: ['Precision', 'Honest Wrench', 'Main Street', 'Torque', 'Pit Stop', 'Gearhead'],
    nameSuffixes: ['Auto Repair', 'Automotive', 'Auto Care', 'Auto Service'],
    keywords: ['auto repair', 'mechanic', 'brake repair', 'oil change', 'check engine light'],
    products: ['local-marketing-essentials', 'google-business-pro', 'ads-xpress', 'business-listings', 'website-hosting', 'google-calls-advisor'],
  },
  {
    slug: 'electrician',
    name: 'Electrical',
    lsaCategory: 'electrician',
    category: 'Electrician',
    namePrefixes: ['Bright Spark', 'Volt', 'Live Wire', 'Patriot', 'Current'],
    nameSuffixes: ['Electric', 'Electrical Services', 'Electricians', 'Electric Co.'],
    keywords: ['electrician', 'panel upgrade', 'ev charger installation', 'emergency electrician', 'lighting installation'],
    products: ['local-services-ads', 'google-business-pro', 'google-ads', 'business-listings', 'website'],
  },
];

/** Typical monthly prices in dollars; each instance varies a little around them. */
export const PRODUCT_PRICES: Record<ProductSlug, number> = {
  'google-business-pro': 299,
  'local-marketing-essentials': 349,
  'tow-marketing-essentials': 349,
  'google-calls-advisor': 149,
  'managed-business-listings': 129,
  'business-listings': 79,
  'facebook-pro': 249,
  'google-ads': 750,
  'ads-xpress': 450,
  'facebook-ads': 500,
  'local-services-ads': 600,
  'webworx-professional': 199,
  'website-hosting': 49,
  powerpage: 99,
  website: 149,
  omgincontact: 129,
  'seo-pro': 899,
};

/** Competitor names are built like client names but from other words. */
export const COMPETITOR_WORDS = [
  'Allied', 'American', 'Premier', 'Elite', 'Quality', 'Metro', 'Pro', 'Express', 'Trusted',
  'Hometown', 'Neighborhood', 'Budget', 'First Choice', 'All Star', 'Liberty', 'Pioneer',
  'Eagle', 'Northside', 'Southside', 'Valley', 'Crown', 'Keystone', 'Golden', 'Superior',
];
