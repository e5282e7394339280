import { useFirmLogo } from '../../lib/use-current-advisor.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';

/** The firm's logo when it has one; nothing otherwise. */
export function FirmLogo({ firmId }: { firmId: string | undefined }) {
  const { data: logo } = useFirmLogo(firmId);
  const src = useObjectUrl(logo);
  if (!src) return null;
  return <img src={src} alt="Firm logo" className="h-8 max-w-[8rem] object-contain" />;
}
