import { getEnv } from '#app/lib/env.server.ts'
import { getVisibleCategory, listVisibleCategories } from '#app/models/category.server.ts'
import { getPublishedDocument, searchGuides } from '#app/models/document.server.ts'
import { getLastDataUpdate } from '#app/models/refresh-log.server.ts'
import { listSearchSynonyms } from '#app/models/search.server.ts'
import { catalogueSpecFacets, categorySpecFacets, specFacetsOfIds } from '#app/models/spec-facets.server.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { synonymMap } from '#app/utils/search-query.ts'
import { db } from '#db/client.ts'
import { memoUntilWrite } from './memo-until-write.server.ts'

// Reads every public page of their kind repeats, kept until the next catalogue write (docs/decisions/032).

/** The footer's "last price update" on every public page, formatted here so server and browser show one text. */
export const lastPriceUpdate = memoUntilWrite(async () => {
  const latest = await getLastDataUpdate(db)
  return latest ? formatDateTime(latest.refresh_date, getEnv().REFRESH_TZ) : null
})

/** The header's, side panel's and footer's list of every visible category: names and addresses only. */
export const shopCategories = memoUntilWrite(async () =>
  (await listVisibleCategories(db)).map(({ name, slug }) => ({ name, slug })),
)

/**
 * A published guide or information page by its slug: its text and cover, not its embeds' products, which are
 * read per request. Fewer keys than the rest: a text may be 100,000 characters.
 */
export const publishedGuide = memoUntilWrite((slug) => getPublishedDocument(db, 'guide', slug), { maxKeys: 200 })
export const publishedPage = memoUntilWrite((slug) => getPublishedDocument(db, 'page', slug), { maxKeys: 200 })

/** A visible category by its slug, for its page and for a document's grid of its products. */
export const visibleCategory = memoUntilWrite((slug) => getVisibleCategory(db, slug))

/** The spec filters a category's page offers (its products' eras, materials and thicknesses). */
export const categoryFacets = memoUntilWrite((categoryId) => categorySpecFacets(db, Number(categoryId)))

/**
 * The spec filters a search's page offers, by the term as typed: exact when the search has at most two thousand
 * matches (a primary-key read of their ids); for a common term, those of the whole visible catalogue (a value
 * none of the matches has then finds nothing, and says so).
 */
export const searchFacets = memoUntilWrite((_term, matchIds: number[] | null) =>
  matchIds ? specFacetsOfIds(db, matchIds) : catalogueFacets(),
)

/**
 * The owner's synonyms as the search reads them (docs/decisions/083): every row, once, not once per search. Like
 * every kept read it is dropped by a catalogue write's page drops, so a write to search_synonyms (the
 * /admin/search editor) must call invalidatePages (app/lib/page-invalidation.server.ts) after its transaction,
 * as any catalogue write does: every process then reads searchSynonyms afresh on its next search.
 */
export const searchSynonyms = memoUntilWrite(async () => synonymMap(await listSearchSynonyms(db)))

/** The guides a search's first page lists above its products (a few), by the term as typed. */
export const guidesMatching = memoUntilWrite((term) => searchGuides(db, term.split(/\s+/), 3))

/** The spec filters of the whole visible catalogue: what a common term's search offers. */
const catalogueFacets = memoUntilWrite(() => catalogueSpecFacets(db))
