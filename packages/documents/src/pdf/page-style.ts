/** The page, its margins and the palette every document shares. US Letter, in points. */
export const PAGE = {
  size: 'LETTER',
  width: 612,
  height: 792,
  left: 36,
  right: 576,
  /** Content starts below the running header that every page carries. */
  top: 96,
  /** Content ends above the footer line. */
  bottom: 60,
} as const;

export const CONTENT_WIDTH = PAGE.right - PAGE.left;

export const COLOR = {
  text: '#1b1f24',
  muted: '#5b6470',
  accent: '#1f3a5f',
  rule: '#c5cbd3',
  headerFill: '#e8edf3',
  stripe: '#f6f8fa',
} as const;

export const FONT = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
} as const;
