import { SocialCalendar } from '../../../features/dev-pages/components/social-calendar';

/** /dashboard/products/social-calendar: a month of the company's posts (dev hosts, staff). */
function Component() {
  return <SocialCalendar />;
}

export { Component };
