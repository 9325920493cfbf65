import {
  ChevronRight,
  Download,
  FileText,
  ImageUp,
  LifeBuoy,
  type LucideIcon,
  ShieldCheck,
} from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';

/** docs/product.md#tools: the Help & Support list. */
const HELP_LINKS: ReadonlyArray<{ label: string; href: string; icon: LucideIcon }> = [
  { label: 'Support Center', href: '/support', icon: LifeBuoy },
  { label: 'Privacy Policy', href: '/privacy-policy', icon: ShieldCheck },
  { label: 'Terms of Service', href: '/terms-of-service', icon: FileText },
  { label: 'Download App', href: '/download', icon: Download },
  { label: 'Test Photo Upload', href: '/photo-upload', icon: ImageUp },
];

export function HelpSupportCard() {
  return (
    <Card role="region" aria-labelledby="tools-help-title">
      <CardHeader className="pb-2">
        <CardTitle as="h3" id="tools-help-title" className="flex items-center gap-2">
          <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
          Help &amp; Support
        </CardTitle>
      </CardHeader>
      <ul className="divide-y divide-border border-t border-border">
        {HELP_LINKS.map(({ label, href, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="flex items-center gap-3 px-5 py-3.5 text-sm font-medium transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
            >
              <Icon aria-hidden="true" className="size-4 text-primary" />
              <span className="flex-1">{label}</span>
              <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
