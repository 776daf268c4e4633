import type * as React from 'react';
import { Link, useLocation } from 'wouter';

type NavLinkProps = Omit<React.ComponentProps<'a'>, 'className' | 'href'> & {
  /** A path, with or without a query (`/phase/2?team_id=AB12`). */
  to: string;
  className: (isActive: boolean) => string;
};

/**
 * A link in a navigation list: active when the current path is its path, whatever the query (the activity
 * links carry the team's code), and then announced as the current page.
 */
export function NavLink({ to, className, ...props }: NavLinkProps) {
  const [pathname] = useLocation();
  const isActive = pathname === to.split('?')[0];
  return (
    <Link to={to} className={className(isActive)} aria-current={isActive ? 'page' : undefined} {...props} />
  );
}
