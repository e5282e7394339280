import {
  deleteFirmLogo,
  type FirmUpdate,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  LOGO_TYPE,
  updateFirm,
  uploadFirmLogo,
} from '@ballast/contract';
import { useMutation } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import { useRefreshAfterChange } from './use-refresh-after-change.ts';

/** PUT /firms/{id}: name and support contacts, which the support modal shows. */
export function useUpdateFirm(firmId: string) {
  const api = useApi();
  const refresh = useRefreshAfterChange(firmId);
  return useMutation({
    mutationFn: (update: FirmUpdate) =>
      api.request(updateFirm, { params: { id: firmId }, body: update }),
    onSuccess: () => refresh([queryKeys.firmProfile(firmId)]),
  });
}

/**
 * PUT or DELETE /firms/{id}/logo. The header's logo query sits under the firm's key, so it is
 * read again with the profile and the header shows the new logo at once.
 */
export function useChangeLogo(firmId: string) {
  const api = useApi();
  const refresh = useRefreshAfterChange(firmId);
  return useMutation({
    mutationFn: (logo: File | null) =>
      logo
        ? api.request(uploadFirmLogo, { params: { id: firmId }, body: { logo } })
        : api.request(deleteFirmLogo, { params: { id: firmId } }),
    onSuccess: () => refresh([queryKeys.firm(firmId)]),
  });
}

/**
 * A quick answer before uploading: the file's declared type and size. The server checks the
 * content itself, so a renamed file is still refused there.
 */
export function logoProblem(file: File): string | null {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE;
  return null;
}
