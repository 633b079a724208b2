import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { propertyKeys } from '@/lib/query-keys.ts';
import type { CreatePropertyInput, Property } from '@wattwise/shared/contract/properties';

export const propertiesQueryOptions = () =>
  queryOptions({
    queryKey: propertyKeys.list(),
    queryFn: async () => (await api.get<{ properties: Property[] }>('/api/properties')).properties,
  });

export function useProperties({ enabled }: { enabled: boolean }) {
  return useQuery({ ...propertiesQueryOptions(), enabled });
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreatePropertyInput) =>
      (await api.post<{ property: Property }>('/api/properties', input)).property,
    onSuccess: (property) => {
      queryClient.setQueryData<Property[]>(propertyKeys.list(), (old) => [...(old ?? []), property]);
      void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
    },
  });
}
