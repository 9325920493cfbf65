import { LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '@/features/auth/use-auth';

/** The upload test pages are public, but the server stores photos only for a signed-in angler (docs/product.md#photos). */
export function SignInHint() {
  const { user, isLoading } = useAuth();
  if (isLoading || user) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-border bg-card p-3 text-sm">
      <LogIn aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        Uploads are saved to your account, so you need to be signed in.{' '}
        <Link href="/auth" className="font-medium text-primary underline underline-offset-2">
          Sign in
        </Link>
      </span>
    </p>
  );
}
