import { getPropsRoute } from '@ojo/api-contract/game/http';
import type { BusinessType } from '@ojo/domain/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys } from './query-keys';

/** GET /props/{id} (product.md 7, secure): the player's tickets of the open season in a currency. */
export const getProps = (businessType: BusinessType, signal?: AbortSignal) =>
  apiClient.callRoute(getPropsRoute, { params: { id: businessType }, signal });

export const propsQueryOptions = (businessType: BusinessType) =>
  queryOptions({
    queryKey: gameKeys.props(businessType),
    queryFn: ({ signal }) => getProps(businessType, signal),
  });

export const useProps = (businessType: BusinessType, { enabled }: { enabled: boolean }) =>
  useQuery({ ...propsQueryOptions(businessType), enabled });
