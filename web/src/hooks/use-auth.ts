import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/hooks/use-toast';
import { apiRequest, errorMessage, getJson } from '@/lib/api';
import { queryClient, queryKeys } from '@/lib/query-client';
import type { User } from '../../../core/user.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** The current user query: a 401 gives null (SPEC §7). */
export function fetchCurrentUser(): Promise<User | null> {
  return getJson<User>(queryKeys.user[0], { on401: 'returnNull' });
}

async function postCredentials(url: string, { username, password }: Credentials): Promise<User> {
  // Only username and password are sent (SPEC §5): a confirmPassword never leaves the form.
  const response = await apiRequest('POST', url, { username, password });
  return (await response.json()) as User;
}

function signedIn(user: User): void {
  // A different account must never see the previous one's catches.
  queryClient.removeQueries({ queryKey: queryKeys.catches });
  queryClient.setQueryData(queryKeys.user, user);
}

/**
 * The signed-in user and the login, register and logout mutations (SPEC §4), with the toasts of SPEC §8.
 * Every component may call it: the user lives in the shared query cache.
 */
export function useAuth() {
  const [, navigate] = useLocation();

  const userQuery = useQuery({ queryKey: queryKeys.user, queryFn: fetchCurrentUser });

  const loginMutation = useMutation({
    mutationFn: (credentials: Credentials) => postCredentials('/api/login', credentials),
    onSuccess: (user) => {
      signedIn(user);
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  const registerMutation = useMutation({
    mutationFn: (credentials: Credentials) => postCredentials('/api/register', credentials),
    onSuccess: (user) => {
      signedIn(user);
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}!` });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.user, null);
      queryClient.removeQueries({ queryKey: queryKeys.catches });
      navigate('/auth');
      toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    },
  });

  return {
    user: userQuery.data ?? null,
    isLoading: userQuery.isLoading,
    error: userQuery.error,
    loginMutation,
    registerMutation,
    logoutMutation,
  };
}
