import { findPlacementTag } from '#app/models/tracking-id.server.ts'
import { isPlacement, placementOfPath, type PagePlacement } from '#app/utils/placements.ts'
import { DEFAULT_STORE } from '#app/utils/stores.ts'
import type { Executor } from '#db/client.ts'

// Which tracking ID a click out carries (docs/decisions/079): the one the owner assigned to the placement it came
// from, in the default store only; else the store's own tag.

/**
 * The placement a click came from: the marker its link carries (pages we render mark their /go/ links), else the
 * page its Referer names. The marker can only name a placement — which tag that is, is the settings' — and one
 * that names none (forged, mistyped) is ignored. A guide's slug only ever comes from the source page.
 */
export function placementOf(marker: string | null, sourcePath: string | null): PagePlacement | null {
  const fromPage = sourcePath === null ? null : placementOfPath(sourcePath)
  if (!isPlacement(marker)) return fromPage
  return { placement: marker, guideSlug: marker === fromPage?.placement ? fromPage.guideSlug : null }
}

/**
 * The tag a click to `store` from `from` carries: in the default store, the placement's own tracking ID (a guide's
 * own, else all guides'), when one is assigned; otherwise the store's tag.
 */
export async function placementTag(
  db: Executor,
  click: { store: string; storeTag: string | null; from: PagePlacement | null },
): Promise<string | null> {
  if (click.store !== DEFAULT_STORE || !click.from) return click.storeTag
  return (await findPlacementTag(db, click.from)) ?? click.storeTag
}
