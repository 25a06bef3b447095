import { z } from 'zod';
import {
  type AgencyLogo,
  checkAgencyLogoFile,
  DEFAULT_AGENCY_ACCENT_COLOR,
  DEFAULT_AGENCY_PRIMARY_COLOR,
  HEX_COLOR,
} from './agency-brand';

/**
 * The agency settings of config.ts (PINPOINT_AGENCY_*): how trial leads reach the agency,
 * and the white label of prospect reports. Their environment fields and their AppConfig part.
 */

/** Spread into config.ts's environment schema, after the map tile fields. */
export const agencyEnvFields = {
  // How trial leads reach the agency; the demo agency's details unless set.
  PINPOINT_AGENCY_NAME: z.string().trim().min(1).max(100).default('the Pinpoint team'),
  PINPOINT_AGENCY_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  PINPOINT_AGENCY_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, { message: 'must be a phone number like +1 512 555 0100' })
    .optional(),
  // The white label of prospect reports (issue 21): a PNG or JPEG of at most 1 MB, two colours.
  PINPOINT_AGENCY_LOGO_FILE: z.string().trim().min(1).optional(),
  PINPOINT_AGENCY_PRIMARY_COLOR: z
    .string()
    .trim()
    .regex(HEX_COLOR, { message: 'must be a colour like #1f5fbf' })
    .default(DEFAULT_AGENCY_PRIMARY_COLOR),
  PINPOINT_AGENCY_ACCENT_COLOR: z
    .string()
    .trim()
    .regex(HEX_COLOR, { message: 'must be a colour like #f08c00' })
    .default(DEFAULT_AGENCY_ACCENT_COLOR),
};

const agencyEnvSchema = z.object(agencyEnvFields);
type AgencyEnv = z.infer<typeof agencyEnvSchema>;

/** The demo agency's contact, used until the agency's own is configured. */
export const DEMO_AGENCY_CONTACT = { email: 'sales@demo.pinpoint.local', phone: '+1 512 555 0100' };

/** How trial leads reach the agency (PINPOINT_AGENCY_*), shown on the trial pages. */
export interface AgencyConfig {
  name: string;
  email: string | null;
  phone: string | null;
  /** The prospect report's logo (PINPOINT_AGENCY_LOGO_FILE), or null for the name alone. */
  logoFile: AgencyLogo | null;
  /** #rrggbb (PINPOINT_AGENCY_PRIMARY_COLOR / _ACCENT_COLOR). */
  primaryColor: string;
  accentColor: string;
}

/** The agency's settings, or the logo file's problem (it is read and checked here). */
export function agencySettings(e: AgencyEnv): { agency: AgencyConfig; problems: string[] } {
  const partial: string[] = [];
  let logoFile: AgencyLogo | null = null;
  if (e.PINPOINT_AGENCY_LOGO_FILE) {
    const logo = checkAgencyLogoFile(e.PINPOINT_AGENCY_LOGO_FILE);
    if ('problem' in logo) partial.push(logo.problem);
    else logoFile = logo;
  }
  return {
    agency: {
      name: e.PINPOINT_AGENCY_NAME,
      email: e.PINPOINT_AGENCY_EMAIL ?? DEMO_AGENCY_CONTACT.email,
      phone: e.PINPOINT_AGENCY_PHONE ?? DEMO_AGENCY_CONTACT.phone,
      logoFile,
      primaryColor: e.PINPOINT_AGENCY_PRIMARY_COLOR.toLowerCase(),
      accentColor: e.PINPOINT_AGENCY_ACCENT_COLOR.toLowerCase(),
    },
    problems: partial,
  };
}
