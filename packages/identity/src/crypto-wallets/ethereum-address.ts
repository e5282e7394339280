import { getAddress } from 'ethers';

/**
 * The address in its EIP-55 checksummed form, or undefined when it is not an Ethereum address.
 * A mixed-case address must carry a correct checksum (a typo is caught, not silently accepted);
 * an all-lower or all-upper case address carries none and is taken as written.
 */
export function checksumAddressOf(input: string): string | undefined {
  if (!/^0x[0-9a-fA-F]{40}$/.test(input)) return undefined;
  try {
    return getAddress(input);
  } catch {
    return undefined;
  }
}
