import type { Migration } from 'kysely'
import * as initialSchema from './20261122000000_initial_schema.ts'
import * as reviewSignInLinks from './20261123000000_review_sign_in_links.ts'
import * as amazonImports from './20261124000000_amazon_imports.ts'
import * as listingCounts from './20261125000000_listing_counts.ts'
import * as productSpecs from './20261126000000_product_specs.ts'
import * as clickEconomics from './20261127000000_click_economics.ts'
import * as twoFactor from './20261128000000_two_factor.ts'
import * as passkeys from './20261129000000_passkeys.ts'
import * as documents from './20261130000000_documents.ts'
import * as plannerStatistics from './20261201000000_planner_statistics.ts'
import * as searchCounts from './20261202000000_search_counts.ts'
import * as searchWords from './20261203000000_search_words.ts'
import * as searchWordTriples from './20261204000000_search_word_triples.ts'
import * as searchGrams from './20261205000000_search_grams.ts'
import * as searchPhrases from './20261206000000_search_phrases.ts'
import * as searchWalk from './20261207000000_search_walk.ts'
import * as moneyPath from './20261208000000_money_path.ts'
import * as amazonSettings from './20261209000000_amazon_settings.ts'
import * as reportImportRuns from './20261210000000_report_imports_runs.ts'
import * as guideTrackingIds from './20261212000000_guide_tracking_ids.ts'
import * as searchWordsOfCollectors from './20261213000000_search_words_of_collectors.ts'
import * as fullTextSearch from './20261214000000_full_text_search.ts'

/**
 * Every migration, by name, in order. Listed rather than read from the folder so the same list works
 * under tsx, in the Vite server bundle and in the Docker image.
 */
export const migrations: Record<string, Migration> = {
  '20261122000000_initial_schema': initialSchema,
  '20261123000000_review_sign_in_links': reviewSignInLinks,
  '20261124000000_amazon_imports': amazonImports,
  '20261125000000_listing_counts': listingCounts,
  '20261126000000_product_specs': productSpecs,
  '20261127000000_click_economics': clickEconomics,
  '20261128000000_two_factor': twoFactor,
  '20261129000000_passkeys': passkeys,
  '20261130000000_documents': documents,
  '20261201000000_planner_statistics': plannerStatistics,
  '20261202000000_search_counts': searchCounts,
  '20261203000000_search_words': searchWords,
  '20261204000000_search_word_triples': searchWordTriples,
  '20261205000000_search_grams': searchGrams,
  '20261206000000_search_phrases': searchPhrases,
  '20261207000000_search_walk': searchWalk,
  '20261208000000_money_path': moneyPath,
  '20261209000000_amazon_settings': amazonSettings,
  '20261210000000_report_imports_runs': reportImportRuns,
  '20261212000000_guide_tracking_ids': guideTrackingIds,
  '20261213000000_search_words_of_collectors': searchWordsOfCollectors,
  '20261214000000_full_text_search': fullTextSearch,
}
