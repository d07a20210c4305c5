import { logger } from '#app/lib/logger.server.ts'
import { publishDueGuides } from '#app/services/document.server.ts'

// Takes nothing: each run publishes whatever scheduled guide's time has come.
export type PublishGuidesData = Record<string, never>

/**
 * A scheduled guide goes live (docs/decisions/052): a delayed job at its time, and a sweep every five minutes in
 * case a job was lost (the in-process timer does not outlive a restart). Idempotent: a published guide is skipped.
 */
export async function publishGuidesJob(_data: PublishGuidesData): Promise<{ published: number }> {
  const published = await publishDueGuides()
  if (published) logger.info({ published }, 'scheduled guides published')
  return { published }
}
