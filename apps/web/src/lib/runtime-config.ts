import { type RuntimeConfig, RuntimeConfigSchema } from '@ballast/contract';

export type { RuntimeConfig };

/** Reads `/config.json`: where the api and the identity service live, and what they offer. */
export async function fetchRuntimeConfig(signal?: AbortSignal): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return RuntimeConfigSchema.parse(await response.json());
}
