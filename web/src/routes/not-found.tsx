import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** Any unknown path (SPEC §2): a centred card on a light grey, full-height background. */
export function NotFound() {
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-gray-50 px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-red-600" />
            <h1 className="text-2xl font-bold text-gray-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-gray-600">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </main>
  );
}
