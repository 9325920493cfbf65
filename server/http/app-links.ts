import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiErrorBody } from '#core/api-error.ts';
import type { StoreListings } from '#core/store-listings.ts';
import { routeContract } from './route-contract.ts';

/**
 * The deep-link association files that let the Android and iOS apps open Tightlines links on this domain
 * (Android App Links, Apple universal links). Both phones fetch them from this very origin, so the server answers
 * them from its configuration instead of an operator copying files into a proxy's /.well-known/ folder.
 */
export interface AppLinks {
  /** ANDROID_PACKAGE and ANDROID_CERT_SHA256: the app's package and its signing certificates' fingerprints. */
  android: { packageName: string; certSha256: string[] } | null;
  /** APPLE_TEAM_ID and APPLE_BUNDLE_ID, joined as Apple's app ID (`TEAMID.app.tightlines`). */
  apple: { appId: string } | null;
  /** APP_STORE_URL and GOOGLE_PLAY_URL: where /download's buttons send anglers (null: not in that store yet). */
  storeListings: StoreListings;
}

export const NO_APP_LINKS: AppLinks = {
  android: null,
  apple: null,
  storeListings: { appStore: null, googlePlay: null },
};

export const STORE_LISTINGS_PATH = '/api/store-listings';

export const ASSET_LINKS_PATH = '/.well-known/assetlinks.json';
export const APPLE_ASSOCIATION_PATH = '/.well-known/apple-app-site-association';

/** The phones re-read these now and then; an hour keeps a changed fingerprint from taking long to land. */
const CACHE_CONTROL = 'public, max-age=3600';

/** Android's Digital Asset Links statement: every URL of this site may open in the app. */
function assetLinks(android: NonNullable<AppLinks['android']>) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: android.packageName,
        sha256_cert_fingerprints: android.certSha256,
      },
    },
  ];
}

/** Apple's association file in the iOS 13+ form (the one the domain-setup page shows): every path opens the app. */
function appleAssociation(apple: NonNullable<AppLinks['apple']>) {
  return {
    applinks: { details: [{ appIDs: [apple.appId], components: [{ '/': '/*' }] }] },
  };
}

/**
 * Both files as application/json (Apple's has no extension, so without this route the single-page app's shell
 * would answer it as HTML); a JSON 404 when the platform is not configured.
 */
export function installAppLinks(app: FastifyInstance, links: AppLinks): void {
  // Public, like /download itself: a deployment's own listings, never a placeholder id built into the app.
  const storeListings = routeContract({
    summary: "The native apps' store pages (null where there is none yet)",
    signedIn: false,
    response: {
      200: z.object({
        appStore: z.string().nullable(),
        googlePlay: z.string().nullable(),
      }) satisfies z.ZodType<StoreListings>,
    },
  });
  app.get(STORE_LISTINGS_PATH, storeListings, async (): Promise<StoreListings> => links.storeListings);

  const serve = (path: string, body: object | null, settings: string) => {
    // The platforms' own formats (Android's statement list, Apple's association), passed through as configured.
    const contract = routeContract({
      summary: `Deep-link association file (${settings})`,
      signedIn: false,
      response: { 200: z.unknown() },
    });
    app.get(path, contract, async (_request, reply) => {
      if (body === null) {
        const notConfigured: ApiErrorBody = {
          message: `Not configured on this server (${settings})`,
          code: 'NOT_FOUND',
        };
        return reply.status(404).send(notConfigured);
      }
      return reply.type('application/json').header('Cache-Control', CACHE_CONTROL).send(body);
    });
  };
  serve(
    ASSET_LINKS_PATH,
    links.android ? assetLinks(links.android) : null,
    'ANDROID_PACKAGE, ANDROID_CERT_SHA256',
  );
  serve(
    APPLE_ASSOCIATION_PATH,
    links.apple ? appleAssociation(links.apple) : null,
    'APPLE_TEAM_ID, APPLE_BUNDLE_ID',
  );
}
