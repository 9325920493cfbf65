import { useLocation } from 'wouter';
import { BasicPhotoUploadPage } from './basic-photo-upload-page.tsx';
import { EmergencyCatchPage } from './emergency-catch-page.tsx';
import { FinalFixPage } from './final-fix-page.tsx';
import { PhotoUploadPage } from './photo-upload-page.tsx';
import { SimpleCatchPage } from './simple-catch-page.tsx';

/**
 * The test pages (docs/product.md#routes) by their paths. One chunk for all five, loaded on demand by app.tsx: each
 * chunk the shell can load costs its first bundle a file name, and these pages are small and seldom opened.
 */
const TEST_PAGES = {
  '/basic-photo-upload': BasicPhotoUploadPage,
  '/photo-upload': PhotoUploadPage,
  '/simple-catch': SimpleCatchPage,
  '/emergency-catch': EmergencyCatchPage,
  '/final-fix': FinalFixPage,
} as const;

export type TestPagePath = keyof typeof TEST_PAGES;

/** The test page at this address (app.tsx routes only their paths here). */
export function TestPageRoutes() {
  const [location] = useLocation();
  const Page = TEST_PAGES[location as TestPagePath];
  return Page ? <Page /> : null;
}
