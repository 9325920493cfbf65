import { APP_VERSION } from '#core/app-info.ts';

/** 'v1.0.0 © {year} All Rights Reserved' (docs/product.md#tools). */
export function AppFooter() {
  return (
    <footer className="py-4 text-center text-xs text-muted-foreground">
      v{APP_VERSION} © {new Date().getFullYear()} All Rights Reserved
    </footer>
  );
}
