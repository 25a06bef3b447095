import { Link, type LinkProps } from 'react-router';

type Variant = 'primary' | 'outline-primary' | 'secondary' | 'outline-secondary' | 'link';

/** A router link that looks like a Bootstrap button: navigation stays a real `<a href>`. */
export function ButtonLink({
  variant = 'primary',
  size,
  className,
  ...props
}: LinkProps & { variant?: Variant; size?: 'sm' | 'lg' }) {
  const classes = ['btn', `btn-${variant}`, size && `btn-${size}`, className].filter(Boolean);
  return <Link className={classes.join(' ')} {...props} />;
}
