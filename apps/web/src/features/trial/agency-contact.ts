/**
 * How a trial lead reaches the agency. There is no "book a call" service behind the product
 * yet, so the invitation is a plain e-mail and phone link that really does what it says; the
 * demo agency's own details until the agency's are configured.
 */
export const AGENCY_CONTACT = {
  name: 'the Pinpoint team',
  email: 'sales@demo.pinpoint.local',
  phone: '+1 512 555 0100',
  phoneLabel: '(512) 555-0100',
} as const;
