import { AlertCircle, Home } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/**
 * Any unknown path (docs/product.md#not-found): a centred card on a light grey, full-height background, the title
 * and hint kept as they were, a line saying what happened in the angler's words, and a way home.
 */
export function NotFound() {
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-gray-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-red-600" />
            <h1 className="text-2xl font-bold text-gray-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-gray-900">
            This spot has no fish — the page you were looking for isn't here.
          </p>
          <p className="mt-2 text-sm text-gray-600">Did you forget to add the page to the router?</p>
          <Link href="/" className={buttonVariants({ className: 'mt-6 w-full' })}>
            <Home aria-hidden="true" />
            Go to Tightlines
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
