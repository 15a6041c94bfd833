/** Colour in sRGB, components 0..1, alpha 0..1 (1 = opaque). */
export interface RgbaColor {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}
