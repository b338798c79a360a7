/**
 * What the build gives ProComponents for `@ctrl/tinycolor` (./plugin.ts): the part of its
 * `TinyColor` that `@ant-design/pro-provider` uses — `setAlpha(…).toRgbString()` for its layout
 * token, `lighten(…).toHexString()` for its `lighten` — on antd's own colour parser
 * (`@ant-design/fast-color`, already in the first load), with tinycolor's arithmetic and formats,
 * so every string it returns is the one tinycolor returns: ProComponents' styles are keyed by
 * the hash of those strings, and the build's style files (vite-plugins/antd-css) by the same.
 * The colours it is given are antd's tokens, hex or `rgb()`/`rgba()` with whole channels, which
 * both libraries read alike; antd's parser knows no colour names and reads `hsl()` otherwise, so
 * tests/unit/build/tinycolor-on-fast-color.test.ts compares the two on every colour of four
 * themes' tokens, in whatever notation, and fails if one in another notation ever comes.
 */
import { FastColor } from '@ant-design/fast-color';

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** tinycolor's `boundAlpha`: an alpha outside [0, 1], or not a number, means opaque. */
function boundAlpha(alpha: number | string): number {
  const a = typeof alpha === 'number' ? alpha : Number.parseFloat(alpha);
  return Number.isNaN(a) || a < 0 || a > 1 ? 1 : a;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** tinycolor's `rgbToHsl`, channels in [0, 255], h, s and l in [0, 1]. */
function rgbToHsl(red: number, green: number, blue: number) {
  const r = red / 255;
  const g = green / 255;
  const b = blue / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h / 6, s, l };
}

function hueToRgb(p: number, q: number, t: number): number {
  const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
  if (u < 1 / 6) return p + (q - p) * (6 * u);
  if (u < 1 / 2) return q;
  if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
  return p;
}

/**
 * tinycolor's path from an `{h, s, l}` object (h in degrees, s and l in [0, 1]) to channels:
 * s and l go through its percentage strings, which it cuts to two decimals (`parseInt`), so the
 * same cut is made here.
 */
function hslToRgb(hue: number, saturation: number, lightness: number) {
  const percent = (n: number) => Number.parseInt(String(Math.min(100, Math.max(0, n * 100)) * 100), 10) / 100;
  const unit = (n: number) => (Math.abs(n - 100) < 0.000001 ? 1 : (n % 100) / 100);
  const h = Math.abs(hue - 360) < 0.000001 ? 1 : (hue < 0 ? (hue % 360) + 360 : hue % 360) / 360;
  const s = unit(percent(saturation));
  const l = unit(percent(lightness));
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return {
    r: hueToRgb(p, q, h + 1 / 3) * 255,
    g: hueToRgb(p, q, h) * 255,
    b: hueToRgb(p, q, h - 1 / 3) * 255,
  };
}

const hexByte = (n: number) => Math.round(n).toString(16).padStart(2, '0');

export class TinyColor {
  private r: number;
  private g: number;
  private b: number;
  private a: number;

  constructor(color: string | Rgba) {
    // Anything but a colour object is parsed (nothing is black, as tinycolor has it).
    const { r, g, b, a } =
      typeof color === 'object' && color !== null
        ? color
        : new FastColor(typeof color === 'string' ? color : '').toRgb();
    this.r = r;
    this.g = g;
    this.b = b;
    this.a = boundAlpha(a);
  }

  setAlpha(alpha: number | string): this {
    this.a = boundAlpha(alpha);
    return this;
  }

  lighten(amount = 10): TinyColor {
    const { h, s, l } = rgbToHsl(this.r, this.g, this.b);
    return new TinyColor({ ...hslToRgb(h * 360, s, clamp01(l + amount / 100)), a: this.a });
  }

  toRgbString(): string {
    const [r, g, b] = [this.r, this.g, this.b].map(Math.round);
    return this.a === 1
      ? `rgb(${r}, ${g}, ${b})`
      : `rgba(${r}, ${g}, ${b}, ${Math.round(100 * this.a) / 100})`;
  }

  toHexString(): string {
    return `#${hexByte(this.r)}${hexByte(this.g)}${hexByte(this.b)}`;
  }
}
