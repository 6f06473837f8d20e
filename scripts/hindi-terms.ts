// Banking words in the Hindi catalogs, one Hindi word per English one (docs/product.md: natural
// Hindi): overdue is अतिदेय and outstanding बकाया; sanctioned is स्वीकृत and approved अनुमोदित
// (approval अनुमोदन). The two pairs were once mixed up, so a Hindi reader could not tell an overdue
// pack from an outstanding amount, or a sanctioned loan from an approved document.
import type { Catalog, Language } from './message-catalogs.ts';

interface TermRule {
  /** Whether the English message says it… */
  english: (text: string) => boolean;
  /** …and the Hindi word its translation may then not use. */
  notHindi: RegExp;
  why: string;
}

/** स्वीकृत and स्वीकृति, but not अस्वीकृत (rejected), which is right for every English word. */
const SANCTIONED = /(?<!अ)स्वीकृ/;

const says = (word: RegExp) => (text: string) => word.test(text);

const RULES: readonly TermRule[] = [
  { english: says(/overdue/i), notHindi: /बकाया/, why: 'overdue is अतिदेय (बकाया is outstanding)' },
  {
    english: says(/outstanding/i),
    notHindi: /अतिदेय/,
    why: 'outstanding is बकाया (अतिदेय is overdue)',
  },
  {
    english: says(/approv/i),
    notHindi: SANCTIONED,
    why: 'approve/approved/approval is अनुमोदित/अनुमोदन (स्वीकृत is sanctioned)',
  },
  {
    english: says(/sanction/i),
    notHindi: /अनुमो/,
    why: 'sanctioned is स्वीकृत (अनुमोदित is approved)',
  },
  {
    english: (text) => !/sanction/i.test(text),
    notHindi: SANCTIONED,
    why: 'स्वीकृत/स्वीकृति stands only for sanction; approved is अनुमोदित',
  },
];

/** Each Hindi message that uses the other word of a pair, with the word it should use. */
export function termProblems(catalogs: Record<Language, Catalog>): string[] {
  const problems: string[] = [];
  for (const [key, english] of Object.entries(catalogs.en)) {
    const hindi = catalogs.hi[key];
    if (hindi === undefined) continue;
    for (const rule of RULES) {
      if (rule.english(english) && rule.notHindi.test(hindi)) {
        problems.push(`"${key}": ${rule.why}: “${hindi}”`);
      }
    }
  }
  return problems;
}
