import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session-context.tsx';
import { sendKycDocument } from './upload-kyc-document.ts';

/**
 * Uploads one KYC document with its progress; on a 401 the session is renewed and the file sent
 * once more, as every other call of the api client is.
 */
export function useKycUpload(portfolioId: string) {
  const { config, client } = useSession();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      setProgress(0);
      const send = (token: string | undefined) =>
        sendKycDocument({
          apiUrl: config.apiUrl,
          token,
          portfolioId,
          file,
          onProgress: setProgress,
        });
      try {
        return await send(client.session.getTokens()?.session_jwt);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401 || !client.session.getSync()) {
          throw error;
        }
        setProgress(0);
        const renewed = await client.session.authenticate();
        return send(renewed.session_jwt);
      }
    },
    onSettled: () => setProgress(null),
  });
  return { upload, progress };
}
