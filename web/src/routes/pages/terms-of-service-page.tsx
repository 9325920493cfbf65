import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SUPPORT_EMAIL } from './app-links.ts';
import { PageSection, StaticPageLayout } from './static-page-layout.tsx';

const LAST_UPDATED = 'April 29, 2025';

/** The 11 numbered sections (docs/product.md#static-pages: 11 numbered sections, a US governing-law clause). */
const SECTIONS: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using the Tightlines web app, installed app or website (the “Service”), you
        agree to these Terms of Service and to our <Link href="/privacy-policy">Privacy Policy</Link>. If you
        do not agree, do not use the Service.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility and Your Account',
    body: (
      <>
        <p>
          You must be at least 13 years old to use the Service. If you are under the age of majority where you
          live, you may use it only with the consent of a parent or guardian.
        </p>
        <p>
          You are responsible for keeping your password secret and for everything done with your account. Tell
          us at once at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you think someone else has
          used it.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your Content',
    body: (
      <p>
        You own the catches, notes and photos you add (“Your Content”). You give us only the permission we
        need to store, process (for example, re-encoding photos) and show Your Content to you in order to
        provide the Service. Your catch log is private to your account. You confirm you have the right to
        upload the photos you add.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>break the law or anyone else's rights while using the Service;</li>
          <li>upload malicious files or content you have no right to share;</li>
          <li>try to access other people's accounts or data, or probe, overload or disrupt the Service;</li>
          <li>scrape, resell or copy the Service, except as the law expressly allows.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'fishing-safety',
    title: 'Fishing Regulations and Safety',
    body: (
      <p>
        You are responsible for holding any fishing licence you need and for following local regulations,
        including seasons, size and bag limits, and catch-and-release rules. Logging a catch in Tightlines
        does not mean it was legal to keep. Be careful on and near the water: never rely on the app alone for
        your safety.
      </p>
    ),
  },
  {
    id: 'third-party-services',
    title: 'Weather, Location and Third-Party Services',
    body: (
      <p>
        Weather, barometric pressure, gear recommendations, compass headings and place names are provided for
        information only and may be inaccurate or out of date. Weather data comes from a third-party weather
        provider. Links to maps, app stores and shops take you to services we do not control, under their own
        terms.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        Our <Link href="/privacy-policy">Privacy Policy</Link> explains what we collect and how we use it. We
        do not sell your personal information.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        The Service, including its software, design, logos and text (but not Your Content), belongs to
        Tightlines and its licensors and is protected by law. We give you a personal, non-exclusive,
        non-transferable licence to use the Service as these Terms allow.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers and Limitation of Liability',
    body: (
      <>
        <p>
          The Service is provided “as is” and “as available”, without warranties of any kind, to the fullest
          extent the law permits. We do not promise that it will always be available or error-free, or that
          data will never be lost; keep your own copies of anything important.
        </p>
        <p>
          To the fullest extent the law permits, Tightlines is not liable for indirect, incidental, special or
          consequential damages, or for any loss arising from your use of the Service, its weather or location
          information, or your fishing trips. Our total liability for any claim is limited to the amount you
          paid us for the Service in the twelve months before the claim, or US $50 if greater.
        </p>
      </>
    ),
  },
  {
    id: 'changes-termination',
    title: 'Changes and Termination',
    body: (
      <p>
        We may update the Service and these Terms. We will post changed Terms here with a new date and tell
        you in the app before a significant change takes effect; continuing to use the Service afterwards
        means you accept them. You may stop using the Service and ask us to delete your account at any time.
        We may suspend or close accounts that break these Terms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These Terms are governed by the laws of the State of Delaware, United States of America, and the
        federal laws of the United States, without regard to conflict-of-law rules. Any dispute will be
        resolved in the state or federal courts located in Delaware, and you and Tightlines consent to their
        jurisdiction, unless the law of the place where you live gives you the right to bring the claim there.
      </p>
    ),
  },
];

/** /terms-of-service (docs/product.md#static-pages): 11 numbered sections with a US governing-law clause. */
export function TermsOfServicePage() {
  return (
    <StaticPageLayout title="Terms of Service" icon={FileText} description={`Last updated ${LAST_UPDATED}`}>
      <p className="mb-6 text-[0.95rem] leading-relaxed">
        Please read these Terms carefully. They are an agreement between you and Tightlines about your use of
        the Tightlines fishing log.
      </p>
      <ol className="grid gap-6" aria-label="Terms of Service sections">
        {SECTIONS.map((section, index) => (
          <li key={section.id}>
            <PageSection id={section.id} title={`${index + 1}. ${section.title}`}>
              {section.body}
            </PageSection>
          </li>
        ))}
      </ol>
      <p className="mt-8 text-sm text-muted-foreground">
        Questions about these Terms? Email{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-primary underline underline-offset-2">
          {SUPPORT_EMAIL}
        </a>{' '}
        or visit the{' '}
        <Link href="/support" className="font-medium text-primary underline underline-offset-2">
          Support Center
        </Link>
        .
      </p>
    </StaticPageLayout>
  );
}
