import { currentMonthIn, DEFAULT_TIME_ZONE, type ImportBody } from '@portal/domain';

const towers = ['A', 'B', 'C'];
const firstNames = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Kavya',
  'Rohan',
  'Saanvi',
  'Vihaan',
  'Ananya',
  'Arjun',
  'Meera',
];
const lastNames = [
  'Sharma',
  'Iyer',
  'Patel',
  'Reddy',
  'Nair',
  'Gupta',
  'Das',
  'Menon',
  'Joshi',
  'Singh',
];

const place = ['Whitefield', 'Baner', 'Gachibowli', 'Andheri', 'Sector 62', 'Velachery'];
/** Each place's city and PIN code, for the projects' addresses their NOC letters print. */
const city = [
  'Bengaluru 560 066',
  'Pune 411 045',
  'Hyderabad 500 032',
  'Mumbai 400 053',
  'Noida 201 301',
  'Chennai 600 042',
];

/** `YYYY-MM` some months before this one: demo calendars start there, so some periods are overdue. */
function monthsAgo(months: number): string {
  const { year, month } = currentMonthIn(DEFAULT_TIME_ZONE);
  const index = year * 12 + month - 1 - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The demo lender book: two borrower accounts, a dozen loans for the first (so the loan list pages),
 * projects with dozens of units, and collaterals — shaped exactly like a real import file.
 */
export function demoLenderData(): Required<ImportBody> {
  const accounts = [
    { key: 'ACC1001', name: 'Mehta Constructions Pvt Ltd', email: 'asha.mehta@example.com' },
    { key: 'ACC1002', name: 'Kumar Realty LLP', email: 'ravi.kumar@example.com' },
  ];
  const opportunities = [
    ...Array.from({ length: 12 }, (_, i) => ({
      key: `OPP-1001-${String(i + 1).padStart(2, '0')}`,
      accountId: 'ACC1001',
      name: `Construction Finance ${place[i % place.length]} ${Math.floor(i / place.length) + 1}`,
      sanctionAmount: String(250_000_000 + i * 12_500_000),
      peakExposure: String(180_000_000 + i * 9_750_000.5),
      currentFace: String(120_000_000 + i * 7_345_678.25),
    })),
    ...Array.from({ length: 2 }, (_, i) => ({
      key: `OPP-1002-${String(i + 1).padStart(2, '0')}`,
      accountId: 'ACC1002',
      name: `Lease Rental Discounting ${i + 1}`,
      sanctionAmount: String(90_000_000 + i * 5_000_000),
      peakExposure: String(75_000_000),
      currentFace: String(61_234_567.89),
    })),
  ];
  const projects = opportunities.flatMap((o, i) =>
    Array.from({ length: i < 2 ? 2 : 1 }, (_, p) => ({
      key: `PRJ-${o.key.slice(4)}-${p + 1}`,
      opportunityKey: o.key,
      name: `${['Skyline', 'Green Meadows', 'Lakeview', 'Palm Grove'][(i + p) % 4]} Residency ${p + 1}`,
      address: `Plot ${12 + i * 7 + p}, ${place[i % place.length]}, ${city[i % city.length]}`,
    })),
  );
  const units = projects.flatMap((project, pi) =>
    Array.from({ length: pi < 3 ? 36 : 6 }, (_, u) => {
      const tower = towers[u % towers.length] ?? 'A';
      const floor = Math.floor(u / towers.length) + 1;
      const unitNo = `${tower}-${floor}0${(u % 4) + 1}`;
      const msp = 9_500_000 + ((u * 137_000) % 4_000_000);
      return {
        key: `UNIT-${project.key.slice(4)}-${String(u + 1).padStart(3, '0')}`,
        projectKey: project.key,
        name: `Flat ${unitNo}`,
        tower,
        floor: String(floor),
        unit: unitNo,
        areaSqft: String(950 + ((u * 35) % 900)),
        customerName: `${firstNames[u % firstNames.length]} ${lastNames[(u + pi) % lastNames.length]}`,
        maxSellingPrice: String(msp),
        baseSellingPrice: String(msp - 650_000),
        totalSaleValue: String(msp + 425_000.5),
        amountToBeReceived: String(Math.round(msp * 0.35)),
        selectedNoc: (u % 3 === 0 ? 'Provisional' : 'Final') as 'Final' | 'Provisional',
      };
    }),
  );
  const collaterals = [
    {
      key: 'COL-1001-1',
      accountId: 'ACC1001',
      collateralName: 'Skyline Residency — Tower A receivables',
      monitoringFrequency: 1 as const,
      since: monthsAgo(4),
    },
    {
      key: 'COL-1001-2',
      accountId: 'ACC1001',
      collateralName: 'Green Meadows — land parcel, Baner',
      monitoringFrequency: 3 as const,
      dueDay: 10,
      since: monthsAgo(8),
    },
    { key: 'COL-1001-3', accountId: 'ACC1001', collateralName: 'Lakeview commercial block' },
    {
      key: 'COL-1002-1',
      accountId: 'ACC1002',
      collateralName: 'Kumar Business Park lease rentals',
      monitoringFrequency: 1 as const,
      dueDay: 20,
      since: monthsAgo(2),
    },
  ];
  return { accounts, opportunities, projects, units, collaterals };
}
