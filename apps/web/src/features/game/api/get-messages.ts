import { getMessagesRoute } from '@ojo/api-contract/game/http';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /messages (product.md 7): the win and loss share lines; the share falls back to built-in lines when it fails. */
export const getMessages = (signal?: AbortSignal) => apiClient.callRoute(getMessagesRoute, { signal });

export const messagesQueryOptions = () =>
  queryOptions({
    queryKey: gameKeys.messages(),
    queryFn: ({ signal }) => getMessages(signal),
    staleTime: 5 * 60_000,
  });
