/**
 * Which slot a borrower's file most likely belongs in, from its name (and, failing that, its
 * kind), so a pile of files dropped on a set's panel lands in the right slots with one check.
 */

/** Words in a file's name that point at a slot, each with how strongly. */
const NAME_WORDS: Record<string, Record<string, number>> = {
  SHORTFALL_INFUSION_PROOF: { shortfall: 3, infusion: 3, proof: 1 },
  NOC_REQUEST_FINAL: { noc: 3, request: 1, final: 1 },
  NOC_REQUEST_PROVISIONAL: { noc: 3, request: 1, provisional: 1 },
  // "co-applicant", "co applicant" and "coapplicant" are one word once the name is read.
  KYC_CO_APPLICANT: { coapplicant: 4, joint: 2 },
  KYC_APPLICANT: { kyc: 2, applicant: 2, aadhaar: 2, aadhar: 2, pan: 2, passport: 2 },
  CUSTOMER_LEDGER: { ledger: 3, customer: 1 },
  ATS_BBA: { ats: 3, bba: 3, agreement: 2 },
  SALES_MIS: { sales: 2, mis: 3 },
  BANK_STATEMENT: { bank: 3, statement: 1, statements: 1 },
  SALARY_DOCUMENT: { salary: 3, payslip: 3, payslips: 3, payroll: 3 },
  GST_DOCUMENT: { gst: 3, gstr: 3 },
  TDS_DOCUMENT: { tds: 3, form16: 2 },
  AUDITED_FINANCIAL: { audited: 3, audit: 3, financial: 2, financials: 2 },
  TRAIL_BALANCE: { trial: 3, trail: 3, balance: 1, tb: 2 },
  OTHER: { other: 2, misc: 2 },
};

/** A file with no telling name: a photo is most often an identity document, a sheet a ledger. */
const KIND_SLOTS: { pattern: RegExp; fileTypes: string[] }[] = [
  { pattern: /\.(jpe?g|png)$/, fileTypes: ['KYC_APPLICANT', 'KYC_CO_APPLICANT'] },
  { pattern: /\.(csv|xlsx?)$/, fileTypes: ['CUSTOMER_LEDGER', 'SALES_MIS'] },
];

function nameWords(fileName: string): Set<string> {
  const base = fileName.toLowerCase().replace(/\.[a-z0-9]+$/, '');
  const joined = base.replace(/co[\s_.-]*applicant/g, 'coapplicant');
  return new Set(joined.split(/[^a-z0-9]+/).filter(Boolean));
}

function nameScore(words: Set<string>, fileType: string): number {
  const weights = NAME_WORDS[fileType] ?? {};
  return Object.entries(weights).reduce(
    (sum, [word, weight]) => sum + (words.has(word) ? weight : 0),
    0,
  );
}

/**
 * For each file name, the free slot (a file type of `freeSlots`) it is offered to, or undefined
 * when nothing suggests one. No slot is offered twice: the strongest match between a name and a
 * slot is settled first, then the next; files the names leave over go by their kind.
 */
export function suggestSlots(
  fileNames: readonly string[],
  freeSlots: readonly string[],
): (string | undefined)[] {
  const suggested: (string | undefined)[] = fileNames.map(() => undefined);
  const taken = new Set<string>();
  const matches = fileNames
    .flatMap((name, file) => {
      const words = nameWords(name);
      return freeSlots.map((fileType, order) => ({
        file,
        fileType,
        order,
        score: nameScore(words, fileType),
      }));
    })
    // A lone weak word ("final", "proof") is no suggestion.
    .filter((match) => match.score >= 2)
    // Strongest first; on a tie, the earlier file, then the slot higher on the panel.
    .sort((a, b) => b.score - a.score || a.file - b.file || a.order - b.order);
  for (const { file, fileType } of matches) {
    if (suggested[file] !== undefined || taken.has(fileType)) continue;
    suggested[file] = fileType;
    taken.add(fileType);
  }
  fileNames.forEach((name, file) => {
    if (suggested[file] !== undefined) return;
    const kind = KIND_SLOTS.find(({ pattern }) => pattern.test(name.toLowerCase()));
    const fileType = kind?.fileTypes.find((type) => freeSlots.includes(type) && !taken.has(type));
    if (fileType) {
      suggested[file] = fileType;
      taken.add(fileType);
    }
  });
  return suggested;
}
