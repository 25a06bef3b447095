/**
 * Six US metro areas for the demo agency: real towns at their real centre coordinates,
 * their ZIP codes, area codes and well-known commercial streets. Addresses are made up
 * from these, so they look real without being anyone's actual address.
 */
export interface Town {
  city: string;
  county: string;
  lat: number;
  lng: number;
  zips: string[];
}

export interface Metro {
  slug: string;
  name: string;
  state: string;
  timeZone: string;
  areaCodes: string[];
  streets: string[];
  towns: Town[];
}

export const METROS: Metro[] = [
  {
    slug: 'austin',
    name: 'Austin',
    state: 'TX',
    timeZone: 'America/Chicago',
    areaCodes: ['512', '737'],
    streets: [
      'Congress Ave',
      'N Lamar Blvd',
      'Burnet Rd',
      'S 1st St',
      'Airport Blvd',
      'Research Blvd',
      'W Anderson Ln',
      'Slaughter Ln',
      'William Cannon Dr',
      'W Parmer Ln',
    ],
    towns: [
      {
        city: 'Austin',
        county: 'Travis County',
        lat: 30.2672,
        lng: -97.7431,
        zips: ['78701', '78704', '78745', '78757', '78758'],
      },
      {
        city: 'Round Rock',
        county: 'Williamson County',
        lat: 30.5083,
        lng: -97.6789,
        zips: ['78664', '78681'],
      },
      {
        city: 'Cedar Park',
        county: 'Williamson County',
        lat: 30.5052,
        lng: -97.8203,
        zips: ['78613'],
      },
      { city: 'Pflugerville', county: 'Travis County', lat: 30.4394, lng: -97.62, zips: ['78660'] },
      {
        city: 'Georgetown',
        county: 'Williamson County',
        lat: 30.6333,
        lng: -97.677,
        zips: ['78626', '78628'],
      },
    ],
  },
  {
    slug: 'denver',
    name: 'Denver',
    state: 'CO',
    timeZone: 'America/Denver',
    areaCodes: ['303', '720'],
    streets: [
      'E Colfax Ave',
      'S Broadway',
      'Federal Blvd',
      'S Colorado Blvd',
      'E Evans Ave',
      'W Alameda Ave',
      'Wadsworth Blvd',
      'Sheridan Blvd',
      'E Hampden Ave',
      'Quebec St',
    ],
    towns: [
      {
        city: 'Denver',
        county: 'Denver County',
        lat: 39.7392,
        lng: -104.9903,
        zips: ['80202', '80206', '80210', '80219', '80222'],
      },
      {
        city: 'Aurora',
        county: 'Arapahoe County',
        lat: 39.7294,
        lng: -104.8319,
        zips: ['80010', '80012', '80014'],
      },
      {
        city: 'Lakewood',
        county: 'Jefferson County',
        lat: 39.7047,
        lng: -105.0814,
        zips: ['80226', '80227', '80228'],
      },
      {
        city: 'Littleton',
        county: 'Arapahoe County',
        lat: 39.6133,
        lng: -105.0166,
        zips: ['80120', '80122'],
      },
      {
        city: 'Arvada',
        county: 'Jefferson County',
        lat: 39.8028,
        lng: -105.0875,
        zips: ['80002', '80003', '80005'],
      },
    ],
  },
  {
    slug: 'phoenix',
    name: 'Phoenix',
    state: 'AZ',
    timeZone: 'America/Phoenix',
    areaCodes: ['602', '480', '623'],
    streets: [
      'E Camelback Rd',
      'E Indian School Rd',
      'E McDowell Rd',
      'W Thomas Rd',
      'N Central Ave',
      'N 7th St',
      'W Baseline Rd',
      'E Southern Ave',
      'W Bell Rd',
      'N Scottsdale Rd',
    ],
    towns: [
      {
        city: 'Phoenix',
        county: 'Maricopa County',
        lat: 33.4484,
        lng: -112.074,
        zips: ['85004', '85012', '85016', '85018', '85032'],
      },
      {
        city: 'Scottsdale',
        county: 'Maricopa County',
        lat: 33.4942,
        lng: -111.9261,
        zips: ['85251', '85254', '85260'],
      },
      {
        city: 'Tempe',
        county: 'Maricopa County',
        lat: 33.4255,
        lng: -111.94,
        zips: ['85281', '85282', '85283'],
      },
      {
        city: 'Mesa',
        county: 'Maricopa County',
        lat: 33.4152,
        lng: -111.8315,
        zips: ['85201', '85203', '85210'],
      },
      {
        city: 'Glendale',
        county: 'Maricopa County',
        lat: 33.5387,
        lng: -112.186,
        zips: ['85301', '85304', '85308'],
      },
    ],
  },
  {
    slug: 'tampa',
    name: 'Tampa Bay',
    state: 'FL',
    timeZone: 'America/New_York',
    areaCodes: ['813', '727'],
    streets: [
      'N Dale Mabry Hwy',
      'W Kennedy Blvd',
      'W Hillsborough Ave',
      'E Fowler Ave',
      'Bruce B Downs Blvd',
      'W Gandy Blvd',
      'US Hwy 19 N',
      'Bay to Bay Blvd',
      'E Busch Blvd',
      'W Waters Ave',
    ],
    towns: [
      {
        city: 'Tampa',
        county: 'Hillsborough County',
        lat: 27.9506,
        lng: -82.4572,
        zips: ['33602', '33606', '33609', '33614', '33647'],
      },
      {
        city: 'St. Petersburg',
        county: 'Pinellas County',
        lat: 27.7676,
        lng: -82.6403,
        zips: ['33701', '33704', '33710'],
      },
      {
        city: 'Clearwater',
        county: 'Pinellas County',
        lat: 27.9659,
        lng: -82.8001,
        zips: ['33755', '33756', '33761'],
      },
      {
        city: 'Brandon',
        county: 'Hillsborough County',
        lat: 27.9378,
        lng: -82.2859,
        zips: ['33510', '33511'],
      },
      {
        city: 'Largo',
        county: 'Pinellas County',
        lat: 27.9095,
        lng: -82.7873,
        zips: ['33770', '33771', '33774'],
      },
    ],
  },
  {
    slug: 'charlotte',
    name: 'Charlotte',
    state: 'NC',
    timeZone: 'America/New_York',
    areaCodes: ['704', '980'],
    streets: [
      'Providence Rd',
      'South Blvd',
      'E Independence Blvd',
      'Park Rd',
      'N Tryon St',
      'Albemarle Rd',
      'Sharon Amity Rd',
      'Monroe Rd',
      'Central Ave',
      'Freedom Dr',
    ],
    towns: [
      {
        city: 'Charlotte',
        county: 'Mecklenburg County',
        lat: 35.2271,
        lng: -80.8431,
        zips: ['28202', '28205', '28209', '28211', '28226'],
      },
      {
        city: 'Matthews',
        county: 'Mecklenburg County',
        lat: 35.1168,
        lng: -80.7237,
        zips: ['28104', '28105'],
      },
      {
        city: 'Huntersville',
        county: 'Mecklenburg County',
        lat: 35.4107,
        lng: -80.8429,
        zips: ['28078'],
      },
      {
        city: 'Concord',
        county: 'Cabarrus County',
        lat: 35.4088,
        lng: -80.5795,
        zips: ['28025', '28027'],
      },
      {
        city: 'Gastonia',
        county: 'Gaston County',
        lat: 35.2621,
        lng: -81.1873,
        zips: ['28052', '28054', '28056'],
      },
    ],
  },
  {
    slug: 'columbus',
    name: 'Columbus',
    state: 'OH',
    timeZone: 'America/New_York',
    areaCodes: ['614', '380'],
    streets: [
      'N High St',
      'E Broad St',
      'Cleveland Ave',
      'Morse Rd',
      'Henderson Rd',
      'Sawmill Rd',
      'N Hamilton Rd',
      'E Main St',
      'E Livingston Ave',
      'Bethel Rd',
    ],
    towns: [
      {
        city: 'Columbus',
        county: 'Franklin County',
        lat: 39.9612,
        lng: -82.9988,
        zips: ['43201', '43205', '43214', '43220', '43235'],
      },
      {
        city: 'Dublin',
        county: 'Franklin County',
        lat: 40.0992,
        lng: -83.1141,
        zips: ['43016', '43017'],
      },
      {
        city: 'Westerville',
        county: 'Franklin County',
        lat: 40.1262,
        lng: -82.9291,
        zips: ['43081', '43082'],
      },
      {
        city: 'Grove City',
        county: 'Franklin County',
        lat: 39.8815,
        lng: -83.093,
        zips: ['43123'],
      },
      { city: 'Hilliard', county: 'Franklin County', lat: 40.0334, lng: -83.1588, zips: ['43026'] },
    ],
  },
];
