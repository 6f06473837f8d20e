import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { termProblems } from './hindi-terms.ts';
import { APP_CATALOGS, readCatalogs } from './message-catalogs.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('Hindi banking words', () => {
  it('every catalog keeps overdue and outstanding, approved and sanctioned apart', () => {
    for (const { source } of APP_CATALOGS) {
      const problems = termProblems(readCatalogs(path.join(root, source)));
      expect({ source, problems }).toEqual({ source, problems: [] });
    }
  });

  it('names a message that uses the other word of a pair', () => {
    expect(
      termProblems({
        en: {
          overdue: 'Overdue only',
          outstanding: 'Current outstanding',
          approved: 'Approved',
          approval: 'Awaiting approval',
          rejected: 'Approve or reject',
          sanction: 'Sanction amount',
          sanctionedWrong: 'Sanctioned',
          stray: 'Submitted',
        },
        hi: {
          overdue: 'केवल बकाया',
          outstanding: 'वर्तमान अतिदेय',
          approved: 'स्वीकृत',
          approval: 'अनुमोदन की प्रतीक्षा',
          rejected: 'अनुमोदित या अस्वीकृत करें',
          sanction: 'स्वीकृत राशि',
          sanctionedWrong: 'अनुमोदित',
          stray: 'स्वीकृति हेतु भेजा गया',
        },
      }),
    ).toEqual([
      '"overdue": overdue is अतिदेय (बकाया is outstanding): “केवल बकाया”',
      '"outstanding": outstanding is बकाया (अतिदेय is overdue): “वर्तमान अतिदेय”',
      '"approved": approve/approved/approval is अनुमोदित/अनुमोदन (स्वीकृत is sanctioned): “स्वीकृत”',
      '"approved": स्वीकृत/स्वीकृति stands only for sanction; approved is अनुमोदित: “स्वीकृत”',
      '"sanctionedWrong": sanctioned is स्वीकृत (अनुमोदित is approved): “अनुमोदित”',
      '"stray": स्वीकृत/स्वीकृति stands only for sanction; approved is अनुमोदित: “स्वीकृति हेतु भेजा गया”',
    ]);
  });
});
