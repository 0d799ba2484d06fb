import { QueryClient } from '@tanstack/react-query';

const minutes = (count: number) => count * 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: minutes(5),
        gcTime: minutes(10),
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
