import type { Property } from '@wattwise/shared/contract/properties';
import type { PropertyType } from '@wattwise/shared/contract/common';

/**
 * The property an upload goes to: the one the user picked when it is of the chosen property
 * type, else the first property of that type, else none (the server then creates 'Home' or
 * 'Business'). Never a property of the other type: the chosen type would be silently ignored.
 */
export function propertyForUpload(
  chosenId: string | undefined,
  properties: readonly Pick<Property, 'id' | 'propertyType'>[] | undefined,
  propertyType: PropertyType,
): string | undefined {
  const chosen = properties?.find((p) => p.id === chosenId);
  if (chosen?.propertyType === propertyType) return chosen.id;
  return properties?.find((p) => p.propertyType === propertyType)?.id;
}
