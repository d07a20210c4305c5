import { getVisibleCategory } from '#app/models/category.server.ts'
import { getLastDataUpdate } from '#app/models/refresh-log.server.ts'
import { db } from '#db/client.ts'
import { memoUntilWrite } from './memo-until-write.server.ts'

// Reads every public page of their kind repeats, kept until the next catalogue write (docs/decisions/032).

/** The footer's "last price update", on every public page. */
export const lastDataUpdate = memoUntilWrite(() => getLastDataUpdate(db))

/** A visible category by its slug, for its page. */
export const visibleCategory = memoUntilWrite((slug) => getVisibleCategory(db, slug))
