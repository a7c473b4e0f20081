/** The part of fontkit (pdfkit's font engine) the PDF builder uses; the package ships no types. */
declare module 'fontkit' {
  export interface FontkitFont {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** The glyph of an id, kept per font: made with `characters` (the code points it stands for) when first asked. */
    getGlyph(id: number, characters?: number[]): FontkitGlyph | null;
  }
  export interface FontkitGlyph {
    id: number;
    /** The characters the glyph stands for: pdfkit writes them into the PDF's text map (ToUnicode). */
    codePoints: number[];
  }
  /** Parses a TrueType/OpenType font file (a collection would need a postscript name; none is used). */
  export function create(buffer: Uint8Array): FontkitFont;
}

/** UAX #14 line breaking (the package pdfkit's own line wrapper uses); the package ships no types. */
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    /** The next break opportunity: text may break before `position`; `required` after a line feed. */
    nextBreak(): { position: number; required: boolean } | null;
  }
}
