import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import { CheckboxField, Field, inputClass } from '#app/components/form-fields.tsx'
import { useZodForm } from '#app/components/forms.tsx'
import { GuideFieldsSchema } from '#app/schemas/document.ts'
import { slugify } from '#app/utils/slug.ts'
import { asText, BodyField, SummaryField } from './document-fields.tsx'
import { PreviewRegion, type EditorReply } from './document-preview.tsx'
import { EditorButtons, EditorFormErrors, PREVIEW, PUBLISH, SAVE, UNPUBLISH, type Button } from './editor-buttons.tsx'
import { CoverField, type EditorCover } from './guide-cover-field.tsx'
import { MediaPickerDialog } from './media-picker.tsx'

// A buying guide's editor (docs/decisions/052): one Conform form whose buttons (name="intent") say what the save
// does, by the guide's state; a role that cannot write sees it read-only, its fields disabled and no buttons.

export type GuideState = 'new' | 'draft' | 'scheduled' | 'published'

export interface EditedGuide {
  state: GuideState
  /** The revision the form is opened at (0 for a new guide). */
  revision: number
  title: string
  slug: string
  summary: string
  body: string
  lastReviewedOn: string
  seoTitle: string
  noindex: boolean
  /** A `datetime-local` value in the shop's time zone, or ''. */
  publishAt: string
}

const DRAFT_BUTTONS = [
  { ...SAVE, label: 'Save draft' },
  PUBLISH,
  { intent: 'schedule', label: 'Schedule', pending: 'Scheduling...' },
  PREVIEW,
]

/** What a guide's form offers in each state; the first button is the one Enter presses. */
const GUIDE_BUTTONS: Record<GuideState, readonly Button[]> = {
  new: DRAFT_BUTTONS,
  draft: DRAFT_BUTTONS,
  scheduled: [SAVE, { ...PUBLISH, label: 'Publish now' }, UNPUBLISH, PREVIEW],
  published: [SAVE, UNPUBLISH, PREVIEW],
}

export function GuideEditor({
  guide,
  cover,
  canWrite,
  lastResult,
  pickerHref,
  timeZone,
}: {
  guide: EditedGuide
  cover: EditorCover | null
  canWrite: boolean
  lastResult?: EditorReply
  /** The media library's picker page, which comes back here (without JavaScript). */
  pickerHref: string
  timeZone: string
}) {
  const [form, fields] = useZodForm(GuideFieldsSchema, {
    id: 'guide-editor',
    lastResult,
    defaultValue: { ...guide, noindex: guide.noindex ? 'on' : undefined },
  })
  // A form sent back without a cover (its box unticked) shows none, whatever was saved.
  const [chosen, setChosen] = useState(lastResult && !lastResult.initialValue?.coverMediaId ? null : cover)
  const [picking, setPicking] = useState(false)
  const derived = slugify(asText(fields.title.value))

  return (
    <>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <EditorFormErrors form={form} lastResult={lastResult} noun="guide" />
        <input type="hidden" name="revision" value={guide.revision} />
        <fieldset disabled={!canWrite} className="space-y-6">
          <Field meta={fields.title} label="Title" />
          <Field
            meta={fields.slug}
            label="Slug"
            placeholder={derived}
            inputClassName={`${inputClass} font-mono`}
            hint={
              <>
                The address: <span className="font-mono">/guides/{asText(fields.slug.value) || derived || '…'}</span>.
                Left empty, it is made from the title.
                {guide.state === 'published' ? ' Changing it sends the old address on to the new one.' : null}
              </>
            }
          />
          <SummaryField meta={fields.summary} />
          <BodyField meta={fields.body} />
          <CoverField
            meta={fields.coverMediaId}
            chosen={chosen}
            canWrite={canWrite}
            pickerHref={pickerHref}
            onRemove={() => setChosen(null)}
            onPick={() => setPicking(true)}
          />
          <div className="grid gap-6 sm:grid-cols-2">
            <Field
              meta={fields.lastReviewedOn}
              label="Last reviewed"
              type="date"
              hint="The day the guide was last checked against the catalogue."
            />
            <Field
              meta={fields.seoTitle}
              label="SEO title"
              hint="Shown by search engines instead of the title; at most 70 characters."
            />
          </div>
          <CheckboxField meta={fields.noindex} label="Hide from search engines" />
          {guide.state === 'published' ? null : (
            <Field
              meta={fields.publishAt}
              label="Publish at"
              type="datetime-local"
              hint={`For Schedule: when the guide goes live, in the shop’s time zone (${timeZone}).`}
            />
          )}
        </fieldset>
        {canWrite ? <EditorButtons buttons={GUIDE_BUTTONS[guide.state]} /> : null}
      </Form>
      {/* Outside the form: the picker's own search box must not send the guide. */}
      {canWrite ? (
        <MediaPickerDialog
          open={picking}
          onClose={() => setPicking(false)}
          onConfirm={([first]) => {
            if (first) setChosen({ ...first, picked: true })
          }}
        />
      ) : null}
      {lastResult?.preview ? <PreviewRegion preview={lastResult.preview} /> : null}
    </>
  )
}
