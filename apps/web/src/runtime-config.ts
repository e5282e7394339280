/** What the server tells the browser at `/config.json`: where the api and identity service live. */
export type RuntimeConfig = {
  apiUrl: string;
  identityUrl: string;
  publicToken: string;
};

export async function fetchRuntimeConfig(signal?: AbortSignal): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}
