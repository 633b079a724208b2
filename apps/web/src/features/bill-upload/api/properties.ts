import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { Property, PropertyType } from '../types.ts';

/** Same key as the dashboard's property filter, so a property created here shows up there. */
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

export interface CreatePropertyInput {
  name: string;
  propertyType: PropertyType;
  address?: string;
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
