import { ArrowLeft } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';

/** The frame of a static page (credits, privacy): its heading, its text, and the way back home. */
export function StaticPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  /** A line under the heading (the privacy policy's effective date). */
  subtitle?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <title>{`${title} · Applied GenAI Lab`}</title>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {subtitle}
      <div className="text-base leading-7">{children}</div>
      <div className="mt-12">
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </div>
    </main>
  );
}

/** A titled section of a static page. */
export function StaticSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="mt-10 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A link in a static page's text; one to another site opens in a new tab and says so. */
export function TextLink({ href, children }: { href: string; children: React.ReactNode }) {
  const external = /^https?:/.test(href);
  return (
    <a
      href={href}
      {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}
      className="break-words font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
    >
      {children}
      {external && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}
