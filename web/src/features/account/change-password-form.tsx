import '@/lib/zod-config';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type ChangePasswordForm, changePasswordFormSchema } from '#core/account.ts';
import { changePassword } from '@/api/account';
import { ApiError } from '@/api/http';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { accountErrorMessage } from './leave-account.ts';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (docs/product.md#account): current, new and confirm, checked with the registration rules before sending; the
 * server's per-field answers (wrong current password, a common new one) show under their fields. On success every
 * other device is signed out and this one stays signed in (the server rotated its session).
 */
export function ChangePasswordFields({ username }: { username: string }) {
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const change = useMutation({
    // Offline it fails at once with a toast, rather than waiting paused (TanStack's default) with a spinner.
    networkMode: 'always',
    mutationFn: (values: ChangePasswordForm) =>
      changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: () => {
      form.reset(EMPTY);
      toast({ title: 'Password changed', description: 'Every other device has been signed out.' });
    },
    onError: (error) => {
      const fields = ['currentPassword', 'newPassword'] as const;
      const shown = error instanceof ApiError && fields.some((field) => error.fieldErrors[field]);
      if (error instanceof ApiError) {
        // The first field in error takes the focus: the submit button, disabled while sending, had dropped it.
        let focused = false;
        for (const field of fields) {
          const message = error.fieldErrors[field];
          if (!message) continue;
          form.setError(field, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        }
      }
      if (!shown) {
        toast({
          title: 'Password not changed',
          description: accountErrorMessage(error),
          variant: 'destructive',
        });
      }
    },
  });

  return (
    <form
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
      noValidate
      className="grid gap-3"
      aria-label="Change password"
    >
      {/* Lets a password manager tie the new password to the account. */}
      <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
      <FormField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <FormField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <FormField
        id="confirm-new-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? <Spinner className="size-4" /> : null}
        {change.isPending ? 'Changing password...' : 'Change password'}
      </Button>
    </form>
  );
}
