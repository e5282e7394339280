import type { ReactNode } from 'react';

/**
 * The icons the form options name, drawn as simple strokes. A name the screen does not know
 * draws nothing: the value's summary beside it still says what it is.
 */
const SHAPES: Record<string, ReactNode> = {
  sliders: (
    <>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </>
  ),
  'list-checks': (
    <>
      <path d="m3 6 2 2 3-3M3 16l2 2 3-3M12 7h9M12 17h9" />
    </>
  ),
  landmark: (
    <>
      <path d="M3 21h18M5 18V10M9.5 18v-8M14.5 18v-8M19 18v-8M2 10l10-6 10 6z" />
    </>
  ),
  building: (
    <>
      <rect x="5" y="3" width="14" height="18" rx="1" />
      <path d="M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M11 21v-3h2v3" />
    </>
  ),
  flag: (
    <>
      <path d="M5 21V4M5 4c4-2 7 2 14 0v9c-7 2-10-2-14 0" />
    </>
  ),
  'gauge-low': (
    <>
      <path d="M4 18a9 9 0 1 1 16 0" />
      <path d="m12 14-4 2" />
    </>
  ),
  gauge: (
    <>
      <path d="M4 18a9 9 0 1 1 16 0" />
      <path d="M12 14V9" />
    </>
  ),
  'gauge-high': (
    <>
      <path d="M4 18a9 9 0 1 1 16 0" />
      <path d="m12 14 4 2" />
    </>
  ),
  droplets: (
    <>
      <path d="M7 16a3 3 0 0 0 3-3c0-2-3-6-3-6s-3 4-3 6a3 3 0 0 0 3 3z" />
      <path d="M16 20a4 4 0 0 0 4-4c0-3-4-8-4-8s-4 5-4 8a4 4 0 0 0 4 4z" />
    </>
  ),
  droplet: <path d="M12 21a6 6 0 0 0 6-6c0-4-6-11-6-11S6 11 6 15a6 6 0 0 0 6 6z" />,
  'circle-dashed': <circle cx="12" cy="12" r="8" strokeDasharray="3 3" />,
};

export function OptionIcon({
  name,
  className = 'size-5',
}: {
  name: string | null;
  className?: string;
}) {
  const shape = name ? SHAPES[name] : undefined;
  if (!shape) return null;
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={`shrink-0 ${className}`}
    >
      {shape}
    </svg>
  );
}
