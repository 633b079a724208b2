import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Property } from '../types.ts';

/** Same key as the upload screen's property list. */
export const propertyKeys = {
  all: ['properties'] as const,
  list: () => [...propertyKeys.all, 'list'] as const,
};

export const propertiesQueryOptions = () =>
  queryOptions({
    queryKey: propertyKeys.list(),
    queryFn: async () => (await api.get<{ properties: Property[] }>('/api/properties')).properties,
  });

export function useProperties({ enabled }: { enabled: boolean }) {
  return useQuery({ ...propertiesQueryOptions(), enabled });
}
