import { ArrowLeft, Fish, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'wouter';
import { APP_VERSION } from '#core/app-info.ts';
import { cn } from '@/lib/cn';

const FOOTER_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/support', label: 'Support' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-of-service', label: 'Terms of Service' },
  { href: '/download', label: 'Download App' },
] as const;

/** Sets the document title while the page is shown and restores the previous one afterwards. */
function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} — Tightlines`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

export interface StaticPageLayoutProps {
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  icon?: LucideIcon;
  /** A small label above the title, e.g. 'Test page'. */
  eyebrow?: string;
  /** Where the header's back link goes (home by default). */
  back?: { href: string; label: string };
  children: ReactNode;
}

/**
 * The frame of every public page (policies, support, download, domain setup, test pages): a header with a back
 * link, one h1, the content, and a footer with links home and to the other public pages. Mobile-first, one column.
 */
export function StaticPageLayout({
  title,
  description,
  icon: Icon,
  eyebrow,
  back = { href: '/', label: 'Back to home' },
  children,
}: StaticPageLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="bg-primary pt-[env(safe-area-inset-top)] text-primary-foreground shadow-md">
        <div className="mx-auto flex h-14 max-w-2xl items-center gap-2 px-2">
          <Link
            href={back.href}
            className="inline-flex h-11 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-white/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {back.label}
          </Link>
          <span className="ml-auto flex items-center gap-2 pr-2 font-bold tracking-tight">
            <Fish aria-hidden="true" className="size-5" />
            Tightlines
          </span>
        </div>
      </header>

      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-6">
        <div className="mb-6 flex items-start gap-3">
          {Icon ? (
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-6" />
            </span>
          ) : null}
          <div className="min-w-0">
            {eyebrow ? (
              <p className="text-xs font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>
            ) : null}
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
          </div>
        </div>
        {children}
      </main>

      <footer className="border-t border-border bg-card">
        <nav aria-label="Tightlines pages" className="mx-auto max-w-2xl px-4 pt-4">
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="inline-block py-1.5 text-primary underline-offset-4 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="pb-[max(1rem,env(safe-area-inset-bottom))] pt-2 text-center text-xs text-muted-foreground">
          v{APP_VERSION} © {new Date().getFullYear()} Tightlines. All Rights Reserved
        </p>
      </footer>
    </div>
  );
}

/** Long-form text (policies, guides): readable spacing, lists with markers, underlined links. */
export const proseClasses = cn(
  'grid gap-3 text-[0.95rem] leading-relaxed',
  '[&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:pl-5 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-1.5 [&_ol]:pl-5',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.85em]',
);

/** A titled section of a long page: an h2 and its text. */
export function PageSection({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-4 pt-6 first:pt-0', className)}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <div className={proseClasses}>{children}</div>
    </section>
  );
}

/** A block of configuration or commands with a caption; scrolls sideways on small screens and can be focused to scroll. */
export function CodeBlock({ caption, children }: { caption: string; children: string }) {
  return (
    <figure className="grid gap-1.5">
      <figcaption className="text-xs font-medium text-muted-foreground">{caption}</figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="overflow-x-auto rounded-lg bg-[#0f1f2a] p-4 text-xs leading-relaxed text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <code className="bg-transparent! p-0! text-xs!">{children}</code>
      </pre>
    </figure>
  );
}
