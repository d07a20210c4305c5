import type { PageSlug } from '#app/content/default-pages.ts'
import { GuideFormSchema, PageFormSchema, type GuideIntent } from '#app/schemas/document.ts'
import { saveGuide, savePage } from '#app/services/document.server.ts'

// Guides and information pages for integration tests, saved through the service as the editor saves them
// (the form's schema, then saveGuide or savePage), so their embeds are recorded as a real save records them.

const SUMMARY = 'A test guide about storing comics, written for the integration tests of guides and their embeds.'

const BODY = 'Keep comics in a cool, dry, dark place.'

export interface TestGuide {
  title: string
  /** Markdown; a line of plain text unless given. */
  body?: string
  slug?: string
  intent?: GuideIntent
  /** A wall-clock time in REFRESH_TZ, as the form's datetime-local sends it ("2026-12-01T09:30"). */
  publishAt?: string
  /** The media library's id of its cover, as the picker fills the form. */
  coverMediaId?: string
}

/** A new guide, published unless `intent` says otherwise. */
export function createGuide(actorId: number, { intent = 'publish', ...fields }: TestGuide) {
  const form = GuideFormSchema.parse({ intent, summary: SUMMARY, revision: '0', body: BODY, ...fields })
  return saveGuide(actorId, null, form)
}

/** Saves a guide again with these fields, from the form as it was opened at `revision`. */
export function updateGuide(actorId: number, id: number, revision: number, { intent = 'save', ...fields }: TestGuide) {
  const form = GuideFormSchema.parse({ intent, summary: SUMMARY, revision: String(revision), body: BODY, ...fields })
  return saveGuide(actorId, id, form)
}

/** The owner's own text for an information page (its first save creates it). */
export function createPage(actorId: number, slug: PageSlug, { title, body }: { title: string; body: string }) {
  const form = PageFormSchema.parse({ title, body, summary: SUMMARY, revision: '0' })
  return savePage(actorId, slug, form)
}
