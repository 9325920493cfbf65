import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { setupE2E } from './support/harness.ts';
import { expectAccessibleStructure, openPublicPage } from './support/public-pages.ts';
import { scanQrCode } from './support/qr.ts';
import { registerViaApi, registerViaUi } from './support/users.ts';

/** This deployment's store listings (APP_STORE_URL, GOOGLE_PLAY_URL): /download links to exactly these. */
const APP_STORE_LISTING = 'https://apps.apple.com/app/tightlines-fishing-log/id6740000001';
const GOOGLE_PLAY_LISTING = 'https://play.google.com/store/apps/details?id=org.example.tightlines';

const e2e = setupE2E({ env: { APP_STORE_URL: APP_STORE_LISTING, GOOGLE_PLAY_URL: GOOGLE_PLAY_LISTING } });

/** The page's window as the install test uses it (the Node-side tsconfig has no DOM types). */
interface InstallTestWindow {
  prompted: number;
  dispatchEvent(event: Event): boolean;
}
interface InstallPromptLike {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: string }>;
}

/** Every public page of the route table with its h1 (docs/product.md#routes). */
const PUBLIC_PAGES = [
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/terms-of-service', title: 'Terms of Service' },
  { path: '/support', title: 'Support Center' },
  { path: '/download', title: 'Get Tightlines Pro' },
  { path: '/domain-setup', title: 'Custom Domain Setup' },
  { path: '/basic-photo-upload', title: 'Basic Photo Upload' },
  { path: '/photo-upload', title: 'Photo Upload' },
  { path: '/simple-catch', title: 'Simple Catch Form' },
  { path: '/emergency-catch', title: 'Emergency Catch Form' },
  { path: '/final-fix', title: 'Direct Save Test' },
] as const;

describe('public pages', () => {
  it('open signed out and signed in without console errors, with a sound structure and a way home', async (test) => {
    const { page, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    for (const signedIn of [false, true]) {
      if (signedIn) await registerViaApi(page);
      for (const { path, title } of PUBLIC_PAGES) {
        await openPublicPage(page, path, title);
        // Nothing redirects: every one of these pages is public (the login check of /simple-catch is on the page).
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await page.title()).toBe(`${title} — Tightlines`);
        await expectAccessibleStructure(page);
        const home = page
          .getByRole('navigation', { name: 'Tightlines pages' })
          .getByRole('link', { name: 'Home' });
        expect(await home.getAttribute('href')).toBe('/');
      }
    }
    // The footer's Home link goes back to the main shell.
    await page
      .getByRole('navigation', { name: 'Tightlines pages' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.getByRole('tab', { name: 'Log' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });

  it('stay out of the main shell: no page text in the first bundle, each page loads its own chunk', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    const html = await (await page.request.get('/')).text();
    const entryFiles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].flatMap((match) =>
      match[1] ? [match[1]] : [],
    );
    expect(entryFiles.length).toBeGreaterThan(0);
    const entryCode = (
      await Promise.all(entryFiles.map(async (file) => (await page.request.get(file)).text()))
    ).join('\n');
    for (const text of [
      'Governing Law',
      'apple-app-site-association',
      'Frequently Asked Questions',
      'Official download site',
      'Please select a file to upload',
      'Emergency Catch Form',
      'Not signed in',
      'Open-Meteo',
    ]) {
      expect(entryCode.includes(text), `"${text}" is in the first bundle`).toBe(false);
    }

    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openPublicPage(page, '/terms-of-service', 'Terms of Service');
    expect(scripts.some((file) => file.includes('terms-of-service-page'))).toBe(true);
    expect(scripts.some((file) => file.includes('privacy-policy-page'))).toBe(false);
    expectNoConsoleErrors();
  });
});

describe('/privacy-policy', () => {
  it('covers every topic of the spec, for the product as it behaves', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await openPublicPage(page, '/privacy-policy', 'Privacy Policy');
    const main = page.getByRole('main');
    const headings = (await main.getByRole('heading', { level: 2 }).allTextContents()).join('\n');
    for (const topic of [
      'Information we collect',
      'How we use your information',
      'We do not sell your data',
      'Weather, maps and other third parties',
      'How we protect your data',
      'Your rights and choices',
      "Children's privacy",
      'Contact us',
    ]) {
      expect(headings).toContain(topic);
    }
    const subHeadings = await main.getByRole('heading', { level: 3 }).allTextContents();
    expect(subHeadings).toEqual(
      expect.arrayContaining([
        'Account information',
        'Fishing data',
        'Location',
        'Device and technical information',
      ]),
    );
    const text = (await main.textContent()) ?? '';
    for (const fact of [
      'argon2id',
      'HttpOnly cookie',
      'EXIF',
      'Open-Meteo',
      'rounded to about 1 km',
      'GeoNames',
      'Open in Maps',
      'Google Maps',
      'We do not sell, rent or trade your personal information',
      'children under 13',
      // The rights are exercised in the app, and the policy says how.
      'Profile → Account → Delete account',
      'Edit Catch',
      'Export',
      'sign out everywhere',
      'your username becomes free',
    ]) {
      expect(text).toContain(fact);
    }
    for (const right of ['Access', 'Correct', 'Delete', 'Object']) {
      await main.locator('strong', { hasText: right }).first().waitFor();
    }
    expect(
      await main.getByRole('link', { name: 'support@tightlines.app' }).first().getAttribute('href'),
    ).toBe('mailto:support@tightlines.app');
    // The contents list jumps to its section.
    await main.getByRole('link', { name: "Children's privacy" }).click();
    await page.waitForURL((url) => url.hash === '#children');
    expect(new URL(page.url()).pathname).toBe('/privacy-policy');
    expectNoConsoleErrors();
  });
});

describe('/terms-of-service', () => {
  it('has 11 numbered sections ending with a US governing-law clause', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await openPublicPage(page, '/terms-of-service', 'Terms of Service');
    const sections = page
      .getByRole('list', { name: 'Terms of Service sections' })
      .getByRole('heading', { level: 2 });
    const titles = await sections.allTextContents();
    expect(titles).toHaveLength(11);
    titles.forEach((title, index) => {
      expect(title).toMatch(new RegExp(`^${index + 1}\\. \\S`));
    });
    expect(titles[10]).toBe('11. Governing Law');
    const law = (await page.locator('#governing-law').textContent()) ?? '';
    expect(law).toContain('United States');
    expectNoConsoleErrors();
  });
});

describe('/support', () => {
  it('shows the contact card and a single-open, collapsible FAQ of six topics', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await openPublicPage(page, '/support', 'Support Center');
    const main = page.getByRole('main');
    const email = main.getByRole('link', { name: 'support@tightlines.app' });
    expect(await email.getAttribute('href')).toBe('mailto:support@tightlines.app');
    await main.getByText('We respond within 24-48 hours (business days).').waitFor();

    const faq = main.getByRole('region', { name: 'Frequently Asked Questions' });
    const triggers = faq.getByRole('heading', { level: 3 }).getByRole('button');
    expect(await triggers.allTextContents()).toEqual([
      'How do I log a catch?',
      'Why does Tightlines need my location?',
      'Can I use Tightlines offline?',
      'How do I delete a catch?',
      'Is there a limit to how many catches I can log?',
      'How accurate is the weather information?',
    ]);
    const expanded = async () =>
      Promise.all(
        (await triggers.all()).map(
          async (trigger) => (await trigger.getAttribute('aria-expanded')) === 'true',
        ),
      );
    expect(await expanded()).toEqual([false, false, false, false, false, false]);

    await triggers.nth(0).click();
    await faq.getByText('enter the fish type', { exact: false }).waitFor();
    expect(await expanded()).toEqual([true, false, false, false, false, false]);

    // Opening another closes the first: one at a time.
    await triggers.nth(4).click();
    await faq.getByText('There is no limit', { exact: false }).waitFor();
    await faq.getByText('enter the fish type', { exact: false }).waitFor({ state: 'hidden' });
    expect(await expanded()).toEqual([false, false, false, false, true, false]);

    await triggers.nth(5).click();
    await faq.getByText("weather provider's forecast", { exact: false }).waitFor();
    expect(await expanded()).toEqual([false, false, false, false, false, true]);

    // Collapsible: the open item closes again, leaving none open.
    await triggers.nth(5).click();
    await faq.getByText("weather provider's forecast", { exact: false }).waitFor({ state: 'hidden' });
    expect(await expanded()).toEqual([false, false, false, false, false, false]);

    // Keyboard works too.
    await triggers.nth(2).focus();
    await page.keyboard.press('Enter');
    await faq.getByText('log catches without a', { exact: false }).waitFor();

    await main.getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expectNoConsoleErrors();
  });
});

describe('/download', () => {
  it('shows a QR code of its own address, the site, the install steps, store links in a new tab and the links', async (test) => {
    const { page, context, blockedRequests, expectNoConsoleErrors } = await e2e.openPage(test);
    await openPublicPage(page, '/download', 'Get Tightlines Pro');
    const main = page.getByRole('main');

    // A real code: a phone's camera reads this deployment's download address from it (drawn by the page, no
    // image request), and screen readers hear what it holds.
    const address = `${e2e.baseUrl}/download`;
    const qr = main.getByRole('img', { name: `QR code of ${address}` });
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(await scanQrCode(qr)).toBe(address);

    const site = main.getByText('Official download site:', { exact: false });
    await site.waitFor();
    expect(await site.textContent()).toContain(address.replace('http://', ''));
    const iphone = main.getByRole('list', { name: 'iPhone (Safari)' });
    expect(await iphone.getByRole('listitem').count()).toBe(4);
    expect(await iphone.textContent()).toContain('Add to Home Screen');
    const android = main.getByRole('list', { name: 'Android (Chrome)' });
    expect(await android.getByRole('listitem').count()).toBe(4);
    expect(await android.textContent()).toContain('Install app');

    const stores = [
      { name: /App Store/, href: APP_STORE_LISTING },
      { name: /Google Play/, href: GOOGLE_PLAY_LISTING },
    ];
    for (const store of stores) {
      const link = main.getByRole('link', { name: store.name });
      expect(await link.getAttribute('href')).toBe(store.href);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    }
    // Clicking opens a new tab and leaves this one where it was (the store itself is blocked by the harness).
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      main.getByRole('link', { name: /App Store/ }).click(),
    ]);
    await expect.poll(() => blockedRequests.includes(stores[0]?.href ?? '')).toBe(true);
    await popup.close();
    expect(new URL(page.url()).pathname).toBe('/download');
    blockedRequests.length = 0;

    for (const name of ['Privacy Policy', 'Terms of Service', 'Support']) {
      await main.getByRole('link', { name, exact: true }).waitFor();
    }
    expect(await main.getByRole('link', { name: 'domain setup guide' }).getAttribute('href')).toBe(
      '/domain-setup',
    );
    expect(blockedRequests).toEqual([]);
    expectNoConsoleErrors();
  });

  it('offers an Install button only when the browser offers installation, and uses its prompt', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await openPublicPage(page, '/download', 'Get Tightlines Pro');
    const install = page.getByRole('button', { name: 'Install Tightlines' });
    expect(await install.count()).toBe(0);

    // What Chromium fires when the app is installable.
    const defaultPrevented = await page.evaluate(() => {
      const browser = globalThis as unknown as InstallTestWindow;
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & InstallPromptLike;
      browser.prompted = 0;
      event.prompt = async () => {
        browser.prompted += 1;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      browser.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(defaultPrevented).toBe(true);
    await install.click();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as InstallTestWindow).prompted))
      .toBe(1);
    // A prompt can be used once: the button goes away.
    await install.waitFor({ state: 'detached' });
    expectNoConsoleErrors();
  });
});

describe('/domain-setup', () => {
  it('walks through the steps, downloads the guide and links back to /download', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    await openPublicPage(page, '/domain-setup', 'Custom Domain Setup');
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Step 1: Purchase a domain',
      'Step 2: Point the DNS at your server',
      'Step 3: Set up a reverse proxy',
      'Step 4: Add a free SSL certificate',
      'Step 5: Add the deep-link association files',
      'Step 6: Keep the guide',
    ]);
    const records = await main.getByRole('table').getByRole('row').allTextContents();
    expect(records.slice(1)).toEqual(["A@your server's IP address", 'CNAMEwww@']);
    const text = (await main.textContent()) ?? '';
    for (const fact of [
      'proxy_pass http://127.0.0.1:5000',
      'location /.well-known/',
      "Let's Encrypt",
      'certbot --nginx',
      'apple-app-site-association',
      'assetlinks.json',
    ]) {
      expect(text).toContain(fact);
    }

    // The guide really downloads, as a file, with the same steps.
    const guideLink = main.getByRole('link', { name: 'Download the setup guide' });
    expect(await guideLink.getAttribute('download')).toBe('tightlines-domain-setup-guide.md');
    const [download] = await Promise.all([page.waitForEvent('download'), guideLink.click()]);
    expect(download.suggestedFilename()).toBe('tightlines-domain-setup-guide.md');
    const guide = await readFile(await download.path(), 'utf8');
    for (const fact of [
      'CNAME',
      'proxy_pass http://127.0.0.1:5000;',
      '/.well-known/',
      'certbot',
      'assetlinks.json',
    ]) {
      expect(guide).toContain(fact);
    }
    expect(new URL(page.url()).pathname).toBe('/domain-setup');

    await page.getByRole('banner').getByRole('link', { name: 'Back to Download' }).click();
    await page.getByRole('heading', { level: 1, name: 'Get Tightlines Pro' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/download');
    expectNoConsoleErrors();
  });
});

describe('/tools, /logs and unknown paths', () => {
  it('open the main shell on the Tools and History tabs, after sign-in when needed', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    // Signed out: sign in first, then the Tools tab is open.
    await page.goto('/tools');
    await page.waitForURL((url) => url.pathname === '/auth');
    await registerViaUi(page);
    const toolsTab = page.getByRole('tab', { name: 'Tools' });
    await expect.poll(() => toolsTab.getAttribute('aria-selected')).toBe('true');

    await page.goto('/logs');
    await page.waitForURL((url) => url.pathname === '/');
    const historyTab = page.getByRole('tab', { name: 'History' });
    await expect.poll(() => historyTab.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Recent Catches' }).waitFor();

    await page.goto('/tools');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => toolsTab.getAttribute('aria-selected')).toBe('true');
    // The Tools tab asks for the weather at once; this test runs no weather provider (the Tools tests do).
    expectNoConsoleErrors([{ status: 502, path: '/api/weather' }]);
  });

  it('shows the not-found screen for any other path', async (test) => {
    const { page, expectNoConsoleErrors } = await e2e.openPage(test);
    for (const path of ['/no-such-page', '/support/extra', '/privacy']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
      await page.getByText('Did you forget to add the page to the router?').waitFor();
    }
    expectNoConsoleErrors();
  });
});
