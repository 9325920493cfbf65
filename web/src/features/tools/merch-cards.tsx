import { Backpack, ExternalLink, FishingHook, type LucideIcon, Shirt } from 'lucide-react';

/**
 * The three merchandise promo cards (docs/product.md#tools), each opening an external shop in a new tab.
 * PLACEHOLDERS: shop.tightlines.app does not exist yet; replace these URLs with the real shop pages.
 */
const MERCH_SHOPS: ReadonlyArray<{ name: string; text: string; url: string; icon: LucideIcon }> = [
  {
    name: 'Premium Gear',
    text: 'Rods, reels and tackle picked by anglers.',
    url: 'https://shop.tightlines.app/gear',
    icon: FishingHook,
  },
  {
    name: 'Apparel',
    text: 'Sun shirts, rain shells and caps for long days out.',
    url: 'https://shop.tightlines.app/apparel',
    icon: Shirt,
  },
  {
    name: 'Accessories',
    text: 'Pliers, bags, nets and the small things that matter.',
    url: 'https://shop.tightlines.app/accessories',
    icon: Backpack,
  },
];

export function MerchCards() {
  return (
    <section aria-labelledby="tools-shop-title" className="flex flex-col gap-2">
      <h3 id="tools-shop-title" className="px-1 text-sm font-semibold text-muted-foreground">
        Tightlines Shop
      </h3>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3">
        {MERCH_SHOPS.map(({ name, text, url, icon: Icon }) => (
          <li key={name}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-full flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-4 shadow-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-col sm:items-start"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {/* 8rem or more beside the icon, else under it (large text). */}
              <span className="flex min-w-0 flex-[1_1_8rem] flex-col">
                <span className="flex items-center gap-1 font-semibold">
                  {name}
                  <ExternalLink aria-hidden="true" className="size-3.5 text-muted-foreground" />
                </span>
                <span className="text-sm text-muted-foreground">{text}</span>
                <span className="sr-only"> (opens in a new tab)</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
