import { ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { SUPPORT_EMAIL } from './app-links.ts';
import { PageSection, StaticPageLayout } from './static-page-layout.tsx';

const LAST_UPDATED = 'November 23, 2026';

const CONTENTS = [
  { id: 'information-we-collect', title: 'Information we collect' },
  { id: 'how-we-use-information', title: 'How we use your information' },
  { id: 'no-selling', title: 'We do not sell your data' },
  { id: 'third-party-services', title: 'Weather, maps and other third parties' },
  { id: 'security', title: 'How we protect your data' },
  { id: 'retention', title: 'How long we keep your data' },
  { id: 'your-rights', title: 'Your rights and choices' },
  { id: 'children', title: "Children's privacy" },
  { id: 'changes', title: 'Changes to this policy' },
  { id: 'contact', title: 'Contact us' },
] as const;

function sectionTitle(id: (typeof CONTENTS)[number]['id']): string {
  return CONTENTS.find((entry) => entry.id === id)?.title ?? id;
}

/**
 * /privacy-policy (docs/product.md#static-pages): what Tightlines collects, why, who else sees any of it and the
 * angler's rights. Written for the product as it behaves: photos are re-encoded without metadata, place names
 * come from our own server, weather from Open-Meteo via our server, maps only on 'Open in Maps'.
 */
export function PrivacyPolicyPage() {
  return (
    <StaticPageLayout title="Privacy Policy" icon={ShieldCheck} description={`Last updated ${LAST_UPDATED}`}>
      <Card className="mb-6 border-primary/30 bg-accent/50">
        <CardContent className="pt-5 text-sm leading-relaxed">
          <p>
            <strong>In short:</strong> your fishing log is private and visible only to you. We collect what
            the app needs to keep your log, we never sell your data, there are no ads or tracking cookies, and
            you can export, correct or delete everything we hold about you yourself, in the app.
          </p>
        </CardContent>
      </Card>

      <nav
        aria-labelledby="privacy-contents-heading"
        className="mb-6 rounded-xl border border-border bg-card p-4"
      >
        <h2 id="privacy-contents-heading" className="mb-2 text-sm font-semibold">
          Contents
        </h2>
        <ol className="grid list-decimal gap-1 pl-5 text-sm">
          {CONTENTS.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className="text-primary underline underline-offset-2">
                {entry.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="grid gap-2">
        <p className="text-[0.95rem] leading-relaxed">
          This policy explains how Tightlines (“Tightlines”, “we”, “us”) handles your information when you use
          the Tightlines web app, the installed app and this website. It applies to every Tightlines account.
        </p>

        <PageSection id="information-we-collect" title={`1. ${sectionTitle('information-we-collect')}`}>
          <h3 className="font-semibold">Account information</h3>
          <p>
            When you register we store your <strong>username</strong>, your <strong>password</strong> (only as
            a one-way argon2id hash: we never store or see it in readable form) and the date you joined. We do
            not ask for your name, email address or phone number.
          </p>
          <h3 className="font-semibold">Fishing data</h3>
          <p>
            The catches you log: fish type, weight, length, catch date and time of day, water temperature,
            depth, line size, bait, notes, the location name and coordinates you save, and the photos you
            attach.
          </p>
          <h3 className="font-semibold">Location</h3>
          <p>
            With your permission, the app reads your device's GPS position when you open the log form, tap the
            locate button, or use the weather, barometer and gear tools. A position is stored only when you
            save it with a catch. You can refuse location access and type a place name yourself.
          </p>
          <h3 className="font-semibold">Photos</h3>
          <p>
            Every photo you upload is re-encoded on our server before it is stored. All embedded metadata is
            removed in the process, including EXIF data and the GPS position many cameras write into pictures.
            The file you picked is not kept.
          </p>
          <h3 className="font-semibold">Device and technical information</h3>
          <ul>
            <li>
              Our server records technical details of each request (IP address, browser type, time and the
              address requested) in its logs, to keep the service secure and to fix problems.
            </li>
            <li>
              IP addresses and usernames are also counted for a few minutes to stop password guessing and
              abuse.
            </li>
            <li>
              On your device the app keeps a sign-in cookie, your last-used tab, and copies of your catches
              (and catches waiting to sync) in the browser's storage so the app works offline.
            </li>
          </ul>
          <p>We do not use analytics services, advertising networks or tracking cookies.</p>
        </PageSection>

        <PageSection id="how-we-use-information" title={`2. ${sectionTitle('how-we-use-information')}`}>
          <p>We use your information only to run Tightlines for you:</p>
          <ul>
            <li>to keep your catch log, show your history and sync catches logged offline;</li>
            <li>to name the place where you are and show weather, pressure and gear tips for it;</li>
            <li>to sign you in, keep your account secure and prevent abuse;</li>
            <li>to answer your support requests and to find and fix problems.</li>
          </ul>
          <p>We do not use your data for advertising or build profiles of you.</p>
        </PageSection>

        <PageSection id="no-selling" title={`3. ${sectionTitle('no-selling')}`}>
          <p>
            We do not sell, rent or trade your personal information, and we do not share it for advertising.
            Your catches and photos are visible only to you. We disclose information only to the hosting
            providers that run our servers on our behalf, or when the law requires it.
          </p>
        </PageSection>

        <PageSection id="third-party-services" title={`4. ${sectionTitle('third-party-services')}`}>
          <ul>
            <li>
              <strong>Weather (Open-Meteo).</strong> The weather, barometer and gear tools use the Open-Meteo
              forecast service. Our server, not your device, asks Open-Meteo for the forecast at your position
              rounded to about 1 km. Open-Meteo never receives your username, your catches or your IP address,
              and we use it without an account or key.
            </li>
            <li>
              <strong>Place names.</strong> Location names are computed on our own server from an embedded
              list of places (GeoNames). No third party sees your position for that.
            </li>
            <li>
              <strong>Maps (Google Maps).</strong> Nothing is sent to a map provider while you use the app.
              Only when you tap “Open in Maps” on a catch does your device open Google Maps with that catch's
              coordinates; Google's privacy policy then applies to what you do there.
            </li>
            <li>
              <strong>App stores and shops.</strong> Links to the App Store, Google Play and merchandise shops
              open those sites, which have their own privacy policies.
            </li>
          </ul>
        </PageSection>

        <PageSection id="security" title={`5. ${sectionTitle('security')}`}>
          <ul>
            <li>Passwords are hashed with argon2id, a modern password-hashing algorithm.</li>
            <li>
              You stay signed in through a random session token in an HttpOnly cookie, which page scripts
              cannot read. We store only a hash of it; it expires after 30 days without use (90 days at most)
              and is deleted when you log out.
            </li>
            <li>
              Every request for catches and photos is checked against your account: your photos are served
              only to you.
            </li>
            <li>
              Connections are encrypted (HTTPS), and sign-in attempts are rate limited, including the password
              checks before a password change or an account deletion.
            </li>
            <li>
              In <strong>Profile → Account</strong> you can change your password (every other device is then
              signed out) and <strong>sign out everywhere</strong>, for example after losing a phone.
            </li>
          </ul>
          <p>
            No system is perfectly secure. If a breach affects your data, we will tell you as the law
            requires.
          </p>
        </PageSection>

        <PageSection id="retention" title={`6. ${sectionTitle('retention')}`}>
          <p>
            We keep your account and log for as long as you have an account. When you delete a catch, it and
            its photo are removed from our servers: at once from your log, and the photo's stored file within
            two days (kept that long so that a backup being made at that moment stays complete). When you
            delete your account, your account, every catch, every photo, your sign-in sessions and the
            abuse-prevention counters kept under your username are removed at once (the photo files within two
            days), and your username becomes free for anyone to register. Copies in our backups go when those
            backups expire. Server logs and the remaining abuse-prevention counters are kept only for a short
            time.
          </p>
        </PageSection>

        <PageSection id="your-rights" title={`7. ${sectionTitle('your-rights')}`}>
          <p>Wherever you live, you can exercise these rights yourself, in the app, without asking us:</p>
          <ul>
            <li>
              <strong>Access</strong> your data: everything you logged is in your History, and{' '}
              <strong>Export</strong> on your Profile page downloads all of it, as a JSON file, a CSV file for
              spreadsheets, or a ZIP file with your photos too. An export can be imported back into an
              account.
            </li>
            <li>
              <strong>Correct</strong> it: open a catch in your History and choose <strong>Edit Catch</strong>{' '}
              to change any detail or its photo.
            </li>
            <li>
              <strong>Delete</strong> it: delete any catch from your History, or delete your whole account in{' '}
              <strong>Profile → Account → Delete account</strong> (you confirm with your username and
              password). Everything is removed from our servers, as described under “
              <a href="#retention">{sectionTitle('retention')}</a>”. Catches saved on your phone that have not
              reached our servers yet are named before you confirm.
            </li>
            <li>
              <strong>Object</strong> to or restrict how we use it, for example by turning off location access
              in your browser or device settings.
            </li>
          </ul>
          <p>
            If you cannot use the app, email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your
            username. We will confirm the account is yours before acting and answer within 30 days. You may
            also complain to your local data-protection authority.
          </p>
        </PageSection>

        <PageSection id="children" title={`8. ${sectionTitle('children')}`}>
          <p>
            Tightlines is not intended for children under 13, and we do not knowingly collect information from
            anyone under 13. If you believe a child under 13 has created an account, contact us and we will
            delete it.
          </p>
        </PageSection>

        <PageSection id="changes" title={`9. ${sectionTitle('changes')}`}>
          <p>
            If we change this policy we will post the new version here with a new date, and tell you in the
            app before a significant change takes effect.
          </p>
        </PageSection>

        <PageSection id="contact" title={`10. ${sectionTitle('contact')}`}>
          <p>
            Questions about privacy? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or visit
            the <Link href="/support">Support Center</Link>. See also our{' '}
            <Link href="/terms-of-service">Terms of Service</Link>.
          </p>
        </PageSection>
      </div>
    </StaticPageLayout>
  );
}
