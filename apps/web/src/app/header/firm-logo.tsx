import { useEffect, useState } from 'react';
import { useFirmLogo } from '../../lib/use-current-advisor.ts';

/** The firm's logo when it has one; nothing otherwise. */
export function FirmLogo({ firmId }: { firmId: string | undefined }) {
  const { data: logo } = useFirmLogo(firmId);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!logo) {
      setSrc(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);
  if (!src) return null;
  return <img src={src} alt="Firm logo" className="h-8 max-w-[8rem] object-contain" />;
}
