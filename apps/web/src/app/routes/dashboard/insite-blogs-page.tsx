import { InsiteBlogs } from '../../../features/dev-pages/components/insite-blogs';

/** /dashboard/insite-blogs: the agency's blog posts for clients' sites (dev hosts, staff). */
function Component() {
  return <InsiteBlogs />;
}

export { Component };
