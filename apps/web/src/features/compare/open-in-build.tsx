import type { StrategyInput } from '@ballast/contract';
import { Link } from 'react-router';
import { useFormOptions } from '../../lib/use-strategy-styles.ts';
import { buildAddress } from './compare-address.ts';

/**
 * A link that opens a strategy in Build, once the style's form options say how to write it.
 * Its name starts with the words on it, then says which strategy (`what`) for a screen reader.
 */
export function OpenInBuild(props: { strategy: StrategyInput; what: string }) {
  const form = useFormOptions(props.strategy.style);
  if (!form.data) return null;
  return (
    <Link
      to={buildAddress(props.strategy, form.data.options)}
      className="rounded text-sm font-semibold text-navy-700 underline hover:text-navy-800"
      aria-label={`Open in Build: ${props.what}`}
    >
      Open in Build
    </Link>
  );
}
