import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import {
  beginText,
  endText,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type Color,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

const require = createRequire(import.meta.url);

/** Noto Sans for Latin text, digits and ₹; Noto Sans Devanagari for Hindi and Devanagari names. */
const FONT_FILES = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  devanagari: {
    regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  },
} as const;

type Script = keyof typeof FONT_FILES;
export type Weight = keyof (typeof FONT_FILES)['latin'];

/**
 * The four fonts, read and parsed once per process: a font's first shaping reads its layout
 * tables (a tenth of a second each), and every letter after it shapes with the same objects.
 */
let fonts: Record<Script, Record<Weight, LoadedFont>> | undefined;
const fontsByBytes = new Map<Uint8Array, fontkit.Font>();
interface LoadedFont {
  bytes: Buffer;
  font: fontkit.Font;
}
function loadFonts() {
  const load = (file: string): LoadedFont => {
    const bytes = readFileSync(require.resolve(file));
    const font = forPdfLib(fontkit.create(bytes) as fontkit.Font);
    fontsByBytes.set(bytes, font);
    return { bytes, font };
  };
  fonts ??= {
    latin: { regular: load(FONT_FILES.latin.regular), bold: load(FONT_FILES.latin.bold) },
    devanagari: {
      regular: load(FONT_FILES.devanagari.regular),
      bold: load(FONT_FILES.devanagari.bold),
    },
  };
  return fonts;
}

/** A font embedded in one letter: pdf-lib's subset, and fontkit's font that shapes its text. */
interface Face {
  pdf: PDFFont;
  shaper: fontkit.Font;
}

/**
 * fontkit 2 for pdf-lib, which still calls fontkit 1's `encodeStream` on a subset. pdf-lib's own
 * fork (@pdf-lib/fontkit) garbles Noto Sans in a subset (it halves glyph offsets without padding
 * odd-length glyphs) and cannot shape Devanagari without a global regenerator runtime.
 */
function forPdfLib(font: fontkit.Font): fontkit.Font {
  const createSubset = font.createSubset.bind(font);
  return Object.assign(font, {
    createSubset: () => {
      const subset = createSubset();
      return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
    },
  });
}

/** pdf-lib embeds the fonts this module parsed, as they are (see `forPdfLib`). */
const fontkitForPdfLib = {
  create: (data: Uint8Array) =>
    fontsByBytes.get(data) ?? forPdfLib(fontkit.create(Buffer.from(data)) as fontkit.Font),
};

export interface DrawOptions {
  x: number;
  y: number;
  size: number;
  weight?: Weight;
  color: Color;
}

/**
 * Sets the letter's text in its fonts: each run of Devanagari in Noto Sans Devanagari, the rest in
 * Noto Sans, shaped by fontkit (conjuncts, matras, reph) and placed glyph by glyph where the font
 * puts it. Each drawn line carries its text as written (ActualText), so copying or extracting it
 * gives the words back in their order, not the glyphs' visual order.
 */
export class LetterTypesetter {
  /** Shaping is the slow part, and wrapping measures the same words again and again. */
  private readonly shaped = new Map<fontkit.Font, Map<string, fontkit.GlyphRun>>();

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly faces: Record<Script, Record<Weight, Face>>,
  ) {}

  private layout(face: Face, text: string): fontkit.GlyphRun {
    let runs = this.shaped.get(face.shaper);
    if (!runs) this.shaped.set(face.shaper, (runs = new Map()));
    let run = runs.get(text);
    if (!run) runs.set(text, (run = face.shaper.layout(text)));
    return run;
  }

  /** Embeds the four fonts as subsets, named the same way every time for the same `seed`. */
  static async embed(pdf: PDFDocument, seed: string): Promise<LetterTypesetter> {
    // fontkit 2's types name the tables pdf-lib reads (head, post, cff) differently; the objects have them.
    pdf.registerFontkit(
      fontkitForPdfLib as unknown as Parameters<PDFDocument['registerFontkit']>[0],
    );
    const loaded = loadFonts();
    const embed = async (script: Script, weight: Weight): Promise<Face> => {
      const { bytes, font: shaper } = loaded[script][weight];
      const pdfFont = await pdf.embedFont(bytes, {
        subset: true,
        // PDF's subset naming (a tag, "+", the font's name) instead of pdf-lib's random suffix.
        customName: `${subsetTag(seed, shaper.postscriptName)}+${shaper.postscriptName}`,
      });
      return { pdf: pdfFont, shaper };
    };
    const faces = {
      latin: { regular: await embed('latin', 'regular'), bold: await embed('latin', 'bold') },
      devanagari: {
        regular: await embed('devanagari', 'regular'),
        bold: await embed('devanagari', 'bold'),
      },
    };
    return new LetterTypesetter(pdf, faces);
  }

  /** The width of `text` as drawn. */
  width(text: string, size: number, weight: Weight = 'regular'): number {
    return this.runs(text, weight).reduce((sum, run) => {
      const { positions } = this.layout(run.face, run.text);
      const units = positions.reduce((total, p) => total + p.xAdvance, 0);
      return sum + (units * size) / run.face.shaper.unitsPerEm;
    }, 0);
  }

  /** `text` broken at spaces into lines no wider than `width`. */
  wrap(text: string, size: number, width: number, weight: Weight = 'regular'): string[] {
    // Words are shaped on their own (no script joins across a space), so a line's width is its
    // words' widths and its spaces'.
    const space = this.width(' ', size, weight);
    const lines: string[] = [];
    let current = '';
    let currentWidth = 0;
    for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
      const wordWidth = this.width(word, size, weight);
      if (current && currentWidth + space + wordWidth > width) {
        lines.push(current);
        current = '';
      }
      currentWidth = current ? currentWidth + space + wordWidth : wordWidth;
      current = current ? `${current} ${word}` : word;
    }
    if (current) lines.push(current);
    return lines;
  }

  /** Draws one line of text with its baseline at y; returns its width. */
  draw(page: PDFPage, text: string, options: DrawOptions): number {
    const { size, weight = 'regular' } = options;
    const operators: PDFOperator[] = [
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
        PDFName.of('Span'),
        // pdf-lib's operand type leaves out the dictionary BDC takes; it writes one all the same.
        this.pdf.context.obj({
          ActualText: PDFHexString.fromText(text),
        }) as unknown as PDFName,
      ]),
      beginText(),
      setFillingColor(options.color),
    ];
    let pen = options.x;
    for (const run of this.runs(text, weight)) {
      const { shaper, pdf: font } = run.face;
      const { positions } = this.layout(run.face, run.text);
      // pdf-lib lays the run out the same way and answers the subset's glyph ids, four hex digits each.
      const glyphIds = font.encodeText(run.text).asString().match(/.{4}/g) ?? [];
      const scale = size / shaper.unitsPerEm;
      operators.push(setFontAndSize(page.node.newFontDictionary(font.name, font.ref), size));
      positions.forEach((position, i) => {
        const x = pen + position.xOffset * scale;
        const y = options.y + position.yOffset * scale;
        operators.push(setTextMatrix(1, 0, 0, 1, x, y), showText(PDFHexString.of(glyphIds[i]!)));
        pen += position.xAdvance * scale;
      });
    }
    operators.push(endText(), PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    page.pushOperators(...operators);
    return pen - options.x;
  }

  /**
   * The text's runs by font: Devanagari letters in the Devanagari font; spaces, digits and
   * punctuation stay with the run they are in when its font has them; everything else in Noto Sans.
   */
  private runs(text: string, weight: Weight): { text: string; face: Face }[] {
    const runs: { text: string; script: Script }[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      const previous = runs.at(-1);
      let script: Script;
      if (DEVANAGARI.test(char)) script = 'devanagari';
      else if (
        previous?.script === 'devanagari' &&
        SHARED.test(char) &&
        this.faces.devanagari[weight].shaper.hasGlyphForCodePoint(codePoint)
      )
        script = 'devanagari';
      else script = 'latin';
      if (previous?.script === script) previous.text += char;
      else runs.push({ text: char, script });
    }
    return runs.map((run) => ({ text: run.text, face: this.faces[run.script][weight] }));
  }
}

const DEVANAGARI = /\p{Script=Devanagari}/u;
/** Characters of no one script (spaces, digits, punctuation, ₹, the danda) and joiners. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** PDF's six-capital subset tag: random-looking, yet the same for the same letter and font. */
function subsetTag(seed: string, fontName: string): string {
  const digest = createHash('sha256').update(`${seed}\0${fontName}`).digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join(
    '',
  );
}
