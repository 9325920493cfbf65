import { useQuery } from '@tanstack/react-query';
import {
  EllipsisVertical,
  ExternalLink,
  FileText,
  Globe,
  LifeBuoy,
  MonitorDown,
  Play,
  Share,
  ShieldCheck,
  Smartphone,
  SquarePlus,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getStoreListings } from '@/api/page-endpoints';
import { DownloadQr, downloadAddress } from '@/components/download-qr';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { StaticPageLayout } from './static-page-layout.tsx';

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

function isInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return typeof (event as Partial<BeforeInstallPromptEvent>).prompt === 'function';
}

/**
 * The browser's own install offer (beforeinstallprompt), kept for an Install button. Null where the browser
 * does not offer installation (Safari, Firefox, an app already installed): the button stays hidden then.
 */
function useInstallPrompt() {
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      if (!isInstallPromptEvent(event)) return;
      // Keep the browser's mini-infobar away: the page offers its own button.
      event.preventDefault();
      setPromptEvent(event);
    };
    const onInstalled = () => setPromptEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = async () => {
    if (!promptEvent) return;
    // An install prompt can be shown only once.
    setPromptEvent(null);
    await promptEvent.prompt();
    await promptEvent.userChoice.catch(() => undefined);
  };

  return { canInstall: promptEvent !== null, install };
}

function InstallSteps({
  id,
  title,
  icon: Icon,
  steps,
}: {
  id: string;
  title: string;
  icon: typeof Smartphone;
  steps: ReactNode[];
}) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h3" id={id} className="flex items-center gap-2 text-base">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol aria-labelledby={id} className="grid gap-3">
          {steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed steps, never reordered.
            <li key={index} className="flex gap-3 text-sm leading-relaxed">
              <span
                aria-hidden="true"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

const storeLinkClasses = buttonVariants({ className: 'h-14 w-full justify-start gap-3 px-4 text-left' });
const storeSoonClasses = buttonVariants({
  variant: 'outline',
  className: 'h-14 w-full justify-start gap-3 px-4 text-left text-muted-foreground',
});

/**
 * A store button: the deployment's listing, opened in a new tab (docs/product.md#static-pages). Where this deployment has no listing
 * (`null`) it says so instead of linking to a made-up store page; until the server has said (`undefined`), it is
 * shown without a link.
 */
function StoreButton({
  href,
  icon,
  lead,
  store,
}: {
  href: string | null | undefined;
  icon: ReactNode;
  lead: string;
  store: string;
}) {
  const label = (
    <span className="grid leading-tight">
      <span className="text-xs font-normal">{href === null ? 'Not yet on' : lead}</span>
      <span className="text-base font-semibold">{store}</span>
    </span>
  );
  if (!href) {
    return (
      <p className={storeSoonClasses}>
        {icon}
        {label}
      </p>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={storeLinkClasses}>
      {icon}
      {label}
      <ExternalLink aria-hidden="true" className="ml-auto opacity-80" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** /download (docs/product.md#static-pages): install landing page with the PWA steps, the store buttons and the related links. */
export function DownloadPage() {
  const { canInstall, install } = useInstallPrompt();
  // This deployment's own address, as its QR code encodes it ('fish.example.com/download').
  const siteName = downloadAddress().replace(/^[a-z]+:\/\//, '');
  const { data: listings } = useQuery({
    queryKey: ['store-listings'],
    queryFn: getStoreListings,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <StaticPageLayout
      title="Get Tightlines Pro"
      icon={MonitorDown}
      description="Install the fishing log on your phone: log catches at the water, even without a signal."
    >
      <div className="grid gap-6">
        <Card className="overflow-hidden">
          <CardContent className="flex flex-col items-center gap-4 bg-gradient-to-br from-primary to-[#083f52] pt-6 pb-6 text-center text-primary-foreground sm:flex-row sm:text-left">
            <DownloadQr testId="download-qr" className="size-40 shrink-0 rounded-lg shadow-md" />
            <div className="grid gap-2">
              <h2 className="text-lg font-semibold">Download Tightlines</h2>
              <p className="flex items-center justify-center gap-2 text-sm text-cyan-50 sm:justify-start">
                <Globe aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  Official download site:{' '}
                  <strong className="font-semibold break-words text-white">{siteName}</strong>
                </span>
              </p>
              <p className="text-sm text-cyan-50">
                Open it on your phone, or install right here from your browser.
              </p>
              {canInstall ? (
                <Button
                  variant="outline"
                  onClick={() => void install()}
                  className="mt-1 sm:justify-self-start"
                >
                  <MonitorDown aria-hidden="true" />
                  Install Tightlines
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>

        <section aria-labelledby="install-heading" className="grid gap-3">
          <h2 id="install-heading" className="text-lg font-semibold tracking-tight">
            Install the web app
          </h2>
          <InstallSteps
            id="install-iphone"
            title="iPhone (Safari)"
            icon={Smartphone}
            steps={[
              <>
                Open <strong className="break-words">{siteName}</strong> in Safari.
              </>,
              <>
                Tap the <strong>Share</strong> button <Share aria-hidden="true" className="inline size-4" />{' '}
                at the bottom of the screen.
              </>,
              <>
                Scroll down and tap <strong>Add to Home Screen</strong>{' '}
                <SquarePlus aria-hidden="true" className="inline size-4" />.
              </>,
              <>
                Tap <strong>Add</strong>. Tightlines appears on your home screen like any other app.
              </>,
            ]}
          />
          <InstallSteps
            id="install-android"
            title="Android (Chrome)"
            icon={Smartphone}
            steps={[
              <>
                Open <strong className="break-words">{siteName}</strong> in Chrome.
              </>,
              <>
                Tap the menu button <EllipsisVertical aria-hidden="true" className="inline size-4" /> at the
                top right.
              </>,
              <>
                Tap <strong>Install app</strong> (or <strong>Add to Home screen</strong>).
              </>,
              <>
                Confirm with <strong>Install</strong>. Tightlines opens from your home screen and app drawer.
              </>,
            ]}
          />
        </section>

        <section aria-labelledby="stores-heading" className="grid gap-3">
          <div>
            <h2 id="stores-heading" className="text-lg font-semibold tracking-tight">
              Native apps
            </h2>
            <p className="text-sm text-muted-foreground">
              {listings && !listings.appStore && !listings.googlePlay
                ? 'Tightlines Pro is not in the app stores yet: install it from this page as shown above.'
                : 'Prefer the app stores? Tightlines Pro is there too.'}
            </p>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <StoreButton
              href={listings?.appStore}
              icon={<Smartphone aria-hidden="true" />}
              lead="Download on the"
              store="App Store"
            />
            <StoreButton
              href={listings?.googlePlay}
              icon={<Play aria-hidden="true" />}
              lead="Get it on"
              store="Google Play"
            />
          </div>
        </section>

        <section aria-labelledby="more-heading">
          <h2 id="more-heading" className="text-lg font-semibold tracking-tight">
            More information
          </h2>
          <CardDescription className="mt-1">
            Running Tightlines on your own domain? Follow the{' '}
            <Link href="/domain-setup" className="font-medium text-primary underline underline-offset-2">
              domain setup guide
            </Link>
            .
          </CardDescription>
          <ul className="mt-3 grid gap-2 sm:grid-cols-3">
            <li>
              <Link
                href="/privacy-policy"
                className={buttonVariants({ variant: 'outline', className: 'w-full' })}
              >
                <ShieldCheck aria-hidden="true" />
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link
                href="/terms-of-service"
                className={buttonVariants({ variant: 'outline', className: 'w-full' })}
              >
                <FileText aria-hidden="true" />
                Terms of Service
              </Link>
            </li>
            <li>
              <Link href="/support" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
                <LifeBuoy aria-hidden="true" />
                Support
              </Link>
            </li>
          </ul>
        </section>
      </div>
    </StaticPageLayout>
  );
}
