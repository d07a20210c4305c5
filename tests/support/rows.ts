import { db, type Database } from '#db/client.ts'

/** How many rows `table` holds now. */
export async function rowCount(table: keyof Database): Promise<number> {
  const { n } = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return n
}
