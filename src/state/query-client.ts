import { QueryClient } from '@tanstack/react-query';

/** One query client for the page. Samples never change while the page is open, so nothing refetches on focus. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});
