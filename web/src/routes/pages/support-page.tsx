import { Clock, FileText, LifeBuoy, Mail, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SUPPORT_EMAIL, SUPPORT_RESPONSE_TIME } from './app-links.ts';
import { StaticPageLayout } from './static-page-layout.tsx';

/** docs/product.md#static-pages: six FAQ topics, in this order. */
const FAQ: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'log-catch',
    question: 'How do I log a catch?',
    answer: (
      <>
        Open the <strong>Log</strong> tab, enter the fish type (the only required field) and add whatever else
        you like: weight, length, a photo, conditions and notes. Your location is filled in from GPS when you
        allow it. Tap <strong>Log Catch</strong> and it appears in your History.
      </>
    ),
  },
  {
    id: 'why-location',
    question: 'Why does Tightlines need my location?',
    answer: (
      <>
        Your position records where each fish was caught, names the place, and lets the Tools tab show the
        weather, pressure and gear tips for where you are. It is optional: you can deny access and type a
        location name instead. Your locations are private to your account.
      </>
    ),
  },
  {
    id: 'offline',
    question: 'Can I use Tightlines offline?',
    answer: (
      <>
        Yes. Once you have opened the app (or installed it to your home screen), you can log catches without a
        signal. They are kept on your phone and sync to your account when you are back online. Weather needs a
        connection.
      </>
    ),
  },
  {
    id: 'delete-catch',
    question: 'How do I delete a catch?',
    answer: (
      <>
        In the <strong>History</strong> tab, open the menu on the catch's card, choose{' '}
        <strong>Delete Catch</strong> and confirm. The catch and its photo are removed for good.
      </>
    ),
  },
  {
    id: 'catch-limit',
    question: 'Is there a limit to how many catches I can log?',
    answer: <>No. There is no limit: log every fish you catch.</>,
  },
  {
    id: 'weather-accuracy',
    question: 'How accurate is the weather information?',
    answer: (
      <>
        Weather comes from a weather provider's forecast for your position and is refreshed every few minutes.
        Conditions on the water can differ from the forecast, so check official forecasts and warnings before
        you head out.
      </>
    ),
  },
];

/** /support (docs/product.md#static-pages): contact card, a one-open-at-a-time FAQ, links to the terms and the privacy policy. */
export function SupportPage() {
  return (
    <StaticPageLayout
      title="Support Center"
      icon={LifeBuoy}
      description="Answers to common questions, and how to reach us."
    >
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-5 text-primary" />
              Contact Support
            </CardTitle>
            <CardDescription>Questions, problems or ideas? Our team reads every message.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className={buttonVariants({ className: 'w-full sm:w-auto sm:justify-self-start' })}
            >
              <Mail aria-hidden="true" />
              {SUPPORT_EMAIL}
            </a>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              We respond within {SUPPORT_RESPONSE_TIME}.
            </p>
          </CardContent>
        </Card>

        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="text-lg font-semibold tracking-tight">
            Frequently Asked Questions
          </h2>
          <Accordion type="single" collapsible className="mt-1">
            {FAQ.map((item) => (
              <AccordionItem key={item.id} value={item.id}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent className="leading-relaxed text-foreground">{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>

        <section aria-labelledby="legal-heading">
          <h2 id="legal-heading" className="text-lg font-semibold tracking-tight">
            Policies
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
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
              <Link
                href="/privacy-policy"
                className={buttonVariants({ variant: 'outline', className: 'w-full' })}
              >
                <ShieldCheck aria-hidden="true" />
                Privacy Policy
              </Link>
            </li>
          </ul>
        </section>
      </div>
    </StaticPageLayout>
  );
}
