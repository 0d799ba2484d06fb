import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { ErrorBoundary } from '@/components/ui/ErrorBoundary';
import { SessionProvider } from '@/features/auth/SessionProvider';
import { createQueryClient } from '@/lib/query-client';
import { AppUpdates } from './AppUpdates';

const toastStyle = {
  background: '#1a1726',
  color: '#f4f4f5',
  border: '1px solid rgb(255 255 255 / 0.1)',
  borderRadius: '14px',
};

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
        <Toaster
          position="top-right"
          gutter={8}
          toastOptions={{
            duration: 4000,
            style: toastStyle,
            success: { duration: 3000 },
            error: { duration: 5000 },
          }}
        />
        <AppUpdates />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
