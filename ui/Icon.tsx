import type { LucideIcon, LucideProps } from 'lucide-react';

interface IconProps extends Omit<LucideProps, 'ref'> {
  icon: LucideIcon;
  /** Accessible name. Without it the icon is decorative and hidden from screen readers. */
  label?: string;
}

/** Line icons at 24 px unless told otherwise, as the design system fixes. */
export function Icon({ icon: Glyph, label, size = 24, strokeWidth = 1.75, ...rest }: IconProps) {
  return label ? (
    <Glyph size={size} strokeWidth={strokeWidth} role="img" aria-label={label} focusable="false" {...rest} />
  ) : (
    <Glyph size={size} strokeWidth={strokeWidth} aria-hidden="true" focusable="false" {...rest} />
  );
}
