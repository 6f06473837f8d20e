import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { importLenderData } from '../modules/lender-data/import-lender-data.ts';
import { demoLenderData } from './demo-data.ts';

/** Loads the demo book into a database that has no accounts yet; answers whether it did. */
export async function seedDemoDataIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  if ((row?.n ?? 0) > 0) return false;
  await importLenderData(db, demoLenderData());
  return true;
}
