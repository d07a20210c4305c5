import { sql, type Kysely } from 'kysely'

/**
 * A guide's own tracking ID is let go when the guide is deleted (docs/decisions/079). The foreign key's
 * ON DELETE SET NULL alone would leave it as "guide" with no guide: all guides' tag — a second one, refused by the
 * one-a-placement index (so the guide could not be deleted), or silently the tag of every guide. Unassigned
 * instead, it stays listed for the owner to assign again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION unassign_guide_tracking_id() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE tracking_ids SET placement = NULL, guide_id = NULL WHERE guide_id = OLD.id;
      RETURN OLD;
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER documents_unassign_tracking_id BEFORE DELETE ON documents
    FOR EACH ROW EXECUTE FUNCTION unassign_guide_tracking_id()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER documents_unassign_tracking_id ON documents`.execute(db)
  await sql`DROP FUNCTION unassign_guide_tracking_id()`.execute(db)
}
