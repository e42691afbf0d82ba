/** Screen size classes, smallest first (SPEC.md §9). */
export const SizeClass = { XS: 0, VSM: 1, SM: 2, MD: 3, LG: 4, XL: 5, XXL: 6 } as const;

/** One of the {@link SizeClass} values. */
export type SizeClass = (typeof SizeClass)[keyof typeof SizeClass];

/**
 * The largest width in CSS pixels of each class from XS to XL; XXL is everything wider. Boundary rule: a
 * breakpoint belongs to the smaller class, so 474 px is XS and 475 px is VSM, as the reference client's
 * `(max-width: 474px)`, `(min-width: 475px) and (max-width: 575px)`, … media queries decide.
 */
export const SIZE_BREAKPOINTS = [474, 575, 767, 991, 1199, 1533] as const;

/** The class of a viewport width in CSS pixels. */
export function sizeClassForWidth(width: number): SizeClass {
  const index = SIZE_BREAKPOINTS.findIndex((max) => width <= max);
  return (index < 0 ? SizeClass.XXL : index) as SizeClass;
}

/** Mobile means SM or smaller: the chat window does not fold and never pops up by itself there. */
export function isMobileSize(sizeClass: SizeClass): boolean {
  return sizeClass <= SizeClass.SM;
}
