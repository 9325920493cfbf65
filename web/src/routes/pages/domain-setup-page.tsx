import { FileDown, Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DOMAIN_SETUP_GUIDE_PATH } from './app-links.ts';
import { CodeBlock, proseClasses, StaticPageLayout } from './static-page-layout.tsx';

/** The port `npm start` serves on (docs/configuration.md, `PORT`), where the proxy forwards to. */
const APP_PORT = 5000;

const NGINX_EXAMPLE = `server {
    listen 80;
    listen [::]:80;
    server_name example.com www.example.com;

    # Deep-link association files, served by nginx itself.
    location /.well-known/ {
        root /var/www/tightlines;
        default_type application/json;
    }

    # Everything else goes to Tightlines on local port ${APP_PORT}.
    location / {
        proxy_pass http://127.0.0.1:${APP_PORT};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header X-Real-IP $remote_addr;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        client_max_body_size 25m;  # photo uploads up to 20 MB
    }
}`;

const NGINX_ENABLE = `sudo mkdir -p /var/www/tightlines/.well-known
sudo ln -s /etc/nginx/sites-available/tightlines /etc/nginx/sites-enabled/
sudo nginx -t && sudo systemctl reload nginx`;

const CERTBOT = `sudo apt install certbot python3-certbot-nginx
sudo certbot --nginx -d example.com -d www.example.com`;

const APPLE_ASSOCIATION = `{
  "applinks": {
    "details": [
      { "appIDs": ["TEAMID.app.tightlines"], "components": [{ "/": "/*" }] }
    ]
  }
}`;

const ASSET_LINKS = `[
  {
    "relation": ["delegate_permission/common.handle_all_urls"],
    "target": {
      "namespace": "android_app",
      "package_name": "app.tightlines",
      "sha256_cert_fingerprints": ["YOUR:SIGNING:CERTIFICATE:SHA256"]
    }
  }
]`;

function Step({
  number,
  id,
  title,
  children,
}: {
  number: number;
  id: string;
  title: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
      >
        {number}
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="pt-1 text-lg font-semibold tracking-tight">
          <span className="sr-only">Step {number}: </span>
          {title}
        </h2>
        <div className={`${proseClasses} mt-2`}>{children}</div>
      </div>
    </li>
  );
}

function DnsTable() {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">DNS records for your domain</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Value
            </th>
          </tr>
        </thead>
        <tbody className="font-mono">
          <tr className="border-t border-border">
            <td className="px-3 py-2">A</td>
            <td className="px-3 py-2">@</td>
            <td className="px-3 py-2">your server's IP address</td>
          </tr>
          <tr className="border-t border-border">
            <td className="px-3 py-2">CNAME</td>
            <td className="px-3 py-2">www</td>
            <td className="px-3 py-2">@</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/**
 * /domain-setup (docs/product.md#static-pages): how to serve the download page from your own domain: purchase, DNS, a reverse proxy
 * to local port 5000 with the well-known directory, free SSL, deep-link association files, and the whole guide
 * as a downloadable file. Back link to /download.
 */
export function DomainSetupPage() {
  return (
    <StaticPageLayout
      title="Custom Domain Setup"
      icon={Globe}
      description="Serve Tightlines and its download page from your own domain, with HTTPS and app deep links."
      back={{ href: '/download', label: 'Back to Download' }}
    >
      <Card className="mb-6">
        <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm">
            Replace <code className="rounded bg-muted px-1">example.com</code> with your domain throughout.
            The whole guide is also available as a file to keep beside your server.
          </p>
          <a
            href={DOMAIN_SETUP_GUIDE_PATH}
            download="tightlines-domain-setup-guide.md"
            className={buttonVariants({ variant: 'outline' })}
          >
            <FileDown aria-hidden="true" />
            Download the setup guide
          </a>
        </CardContent>
      </Card>

      <ol className="grid gap-8">
        <Step number={1} id="purchase" title="Purchase a domain">
          <p>
            Buy a domain from any registrar (for example Namecheap, Porkbun or Cloudflare). Make sure you can
            edit its DNS records.
          </p>
        </Step>

        <Step number={2} id="dns" title="Point the DNS at your server">
          <p>
            In your registrar's DNS settings, add an <strong>A record</strong> for <code>@</code> (the domain
            itself) with your server's public IP address, and a <strong>CNAME record</strong> for{' '}
            <code>www</code> pointing to <code>@</code>.
          </p>
          <DnsTable />
          <p>DNS changes can take from a few minutes up to 48 hours to spread.</p>
        </Step>

        <Step number={3} id="proxy" title="Set up a reverse proxy">
          <p>
            Tightlines listens on local port <strong>{APP_PORT}</strong>. Put a web server such as nginx in
            front of it and let it serve the <code>/.well-known/</code> directory for the deep-link files.
            Save this as <code>/etc/nginx/sites-available/tightlines</code>:
          </p>
          <CodeBlock caption="nginx server block">{NGINX_EXAMPLE}</CodeBlock>
          <CodeBlock caption="Enable the site">{NGINX_ENABLE}</CodeBlock>
          <p>
            Start Tightlines with <code>TRUST_PROXY=loopback</code> (nginx on the same machine) so it reads
            the visitor's address and the HTTPS scheme from the proxy's headers.
          </p>
        </Step>

        <Step number={4} id="ssl" title="Add a free SSL certificate">
          <p>
            Get a free certificate from <strong>Let's Encrypt</strong> with certbot. It switches the site to
            HTTPS, redirects plain HTTP and renews the certificate automatically.
          </p>
          <CodeBlock caption="Install certbot and request a certificate">{CERTBOT}</CodeBlock>
        </Step>

        <Step number={5} id="deep-links" title="Add the deep-link association files">
          <p>
            So that links to your domain open the installed apps, publish two files in{' '}
            <code>/var/www/tightlines/.well-known/</code>. Serve them over HTTPS as{' '}
            <code>application/json</code>, without redirects.
          </p>
          <CodeBlock caption="apple-app-site-association (iOS Universal Links, no file extension)">
            {APPLE_ASSOCIATION}
          </CodeBlock>
          <CodeBlock caption="assetlinks.json (Android App Links)">{ASSET_LINKS}</CodeBlock>
          <p>
            Replace <code>TEAMID</code> with your Apple Developer Team ID and the fingerprint with your app
            signing certificate's SHA-256 (Play Console, App integrity).
          </p>
        </Step>

        <Step number={6} id="guide" title="Keep the guide">
          <p>Download these steps, with checks for each one, as a text file:</p>
          <p>
            <a href={DOMAIN_SETUP_GUIDE_PATH} download="tightlines-domain-setup-guide.md">
              tightlines-domain-setup-guide.md
            </a>
          </p>
        </Step>
      </ol>

      <div className="mt-8">
        <Link href="/download" className={buttonVariants({ variant: 'ghost' })}>
          Back to Download
        </Link>
      </div>
    </StaticPageLayout>
  );
}
