import { getFormProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { DocumentBody } from '#app/components/document/document-body.tsx'
import { CheckboxField, Field, inputClass, TextareaField } from '#app/components/form-fields.tsx'
import { ErrorList, firstErrorOf, FormErrors, intentOf, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { GuideFieldsSchema, PageFormSchema, SUMMARY_GOOD } from '#app/schemas/document.ts'
import { DIRECTIVE_USAGES, type DirectiveName } from '#app/schemas/embeds.ts'
import type { DocumentView } from '#app/utils/document-view.ts'
import { slugify } from '#app/utils/slug.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { MediaPickerDialog } from './media-picker.tsx'
import { MediaThumbnail } from './media.tsx'
import { rowButton } from './styles.ts'

// The guide and page editors (docs/decisions/052): one Conform form each, whose buttons (name="intent") say what
// the save does, and the preview of what the form holds. A form opened by a role that cannot write is read-only:
// its fields disabled and no buttons.

export interface DocumentPreview {
  title: string
  eyebrow: string | null
  view: DocumentView
}

/** What the editor's action answers: Conform's reply, with the preview when "Preview" was pressed. */
export type EditorReply = SubmissionResult<string[]> & { preview?: DocumentPreview }

export interface EditorRevision {
  revision: number
  author: string | null
  savedAt: string
}

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

interface EditedPage {
  slug: string
  revision: number
  eyebrow: string
  title: string
  summary: string
  body: string
}

interface EditorCover {
  id: number
  url: string
  /** Chosen in the media library's page and not saved yet. */
  picked: boolean
}

interface Button {
  intent: string
  label: string
  pending: string
}

const SAVE = { intent: 'save', label: 'Save', pending: 'Saving...' }
const PUBLISH = { intent: 'publish', label: 'Publish', pending: 'Publishing...' }
const UNPUBLISH = { intent: 'unpublish', label: 'Unpublish', pending: 'Unpublishing...' }
const PREVIEW = { intent: 'preview', label: 'Preview', pending: 'Previewing...' }
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

const FAILED: Record<string, string> = {
  save: 'Failed to save',
  publish: 'Failed to publish',
  schedule: 'Failed to schedule',
  unpublish: 'Failed to unpublish',
  preview: 'Failed to preview',
}

/** The form's failure title, by the button that sent it: "Failed to publish guide". */
const failedTitle = (reply: SubmissionResult<string[]> | undefined, noun: 'guide' | 'page') =>
  `${FAILED[intentOf(reply) ?? ''] ?? 'Failed to save'} ${noun}`

/** A field's value as typed; a form sent back with a field twice holds a list there (Conform): no text. */
const asText = (value: unknown) => (typeof value === 'string' ? value : '')

/** The summary's length in words: "142 characters — a good length (50–160)". */
function summaryLength(summary: string): string {
  const { min, max } = SUMMARY_GOOD
  const length = summary.trim().length
  const count = `${length} ${length === 1 ? 'character' : 'characters'}`
  if (length < min) return `${count} — short: aim for ${min}–${max}`
  if (length > max) return `${count} — long: search results cut it after about ${max}`
  return `${count} — a good length (${min}–${max})`
}

const EMBED_HELP: Record<DirectiveName, string> = {
  product: 'one product in a box: picture, rating, price and the way to Amazon',
  products: 'a grid of products by ASIN, or the best of a category (sort: newest, price-low, price-high or rating)',
  compare: 'a comparison table of these products, or one of the comparison tables by its slug',
  price: 'a product’s price inside a sentence (or where to see it, once it is a day old)',
  buy: 'a link to the product on Amazon, in your words',
  'sizes-chart': 'the chart of bag and board sizes by era',
  'sleeve-table': 'the best-rated sleeves of one material: mylar, polypropylene or polyethylene',
  'prices-as-of': 'when the prices on the page were last checked',
  'site-name': 'the shop’s name',
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
  const hydrated = useHydrated()
  const [form, fields] = useZodForm(GuideFieldsSchema, {
    id: 'guide-editor',
    lastResult,
    defaultValue: { ...guide, noindex: guide.noindex ? 'on' : undefined },
  })
  // A form sent back without a cover (its box unticked) shows none, whatever was saved.
  const [chosen, setChosen] = useState(lastResult && !lastResult.initialValue?.coverMediaId ? null : cover)
  const [picking, setPicking] = useState(false)
  const pickLink = useRef<HTMLAnchorElement>(null)
  const derived = slugify(asText(fields.title.value))

  return (
    <>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormErrors
          id={form.errorId}
          errors={form.errors?.length ? form.errors : firstErrorOf(lastResult)}
          title={failedTitle(lastResult, 'guide')}
        />
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
          <fieldset aria-describedby={fields.coverMediaId.errors?.length ? fields.coverMediaId.errorId : undefined}>
            <legend className="block text-sm font-medium text-slate-900">Cover image</legend>
            {chosen ? (
              <div className="mt-2 flex flex-wrap items-center gap-4">
                <MediaThumbnail url={chosen.url} className="h-24 w-32" />
                {hydrated ? (
                  <>
                    <input type="hidden" name="coverMediaId" value={chosen.id} />
                    <button
                      type="button"
                      onClick={() => {
                        setChosen(null)
                        // The button goes with the cover: focus stays in the field, on the way to another.
                        pickLink.current?.focus()
                      }}
                      className={rowButton.secondary}
                    >
                      Remove<span className="sr-only"> the cover image</span>
                    </button>
                  </>
                ) : (
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="coverMediaId" value={chosen.id} defaultChecked />
                    Keep this cover (untick to remove it)
                  </label>
                )}
                {chosen.picked ? <p className="w-full text-sm text-slate-600">Not saved yet.</p> : null}
              </div>
            ) : (
              <p className="mt-1 text-sm text-slate-600">No cover image.</p>
            )}
            <ErrorList id={fields.coverMediaId.errorId} errors={fields.coverMediaId.errors} />
            {canWrite ? (
              <Link
                ref={pickLink}
                to={pickerHref}
                onClick={(event) => {
                  if (!hydrated) return
                  event.preventDefault()
                  setPicking(true)
                }}
                className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
              >
                Choose from the media library
              </Link>
            ) : null}
          </fieldset>
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

export function PageEditor({
  page,
  canWrite,
  lastResult,
}: {
  page: EditedPage
  canWrite: boolean
  lastResult?: EditorReply
}) {
  const [form, fields] = useZodForm(PageFormSchema, { id: 'page-editor', lastResult, defaultValue: { ...page } })
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormErrors
          id={form.errorId}
          errors={form.errors?.length ? form.errors : firstErrorOf(lastResult)}
          title={failedTitle(lastResult, 'page')}
        />
        <input type="hidden" name="revision" value={page.revision} />
        <fieldset disabled={!canWrite} className="space-y-6">
          <Field meta={fields.eyebrow} label="Label above the title" hint="A word or two, such as “Guide”." />
          <Field meta={fields.title} label="Title" />
          <SummaryField meta={fields.summary} />
          <BodyField
            meta={fields.body}
            note={page.slug === 'contact' ? 'The contact form itself stays below this text.' : undefined}
          />
        </fieldset>
        {canWrite ? <EditorButtons buttons={[SAVE, PREVIEW]} /> : null}
      </Form>
      {lastResult?.preview ? <PreviewRegion preview={lastResult.preview} /> : null}
    </>
  )
}

type Meta = FieldMetadata<string | undefined>

/** The summary with its length in words, as typed (without JavaScript, as the form was opened or sent back). */
function SummaryField({ meta }: { meta: Meta }) {
  return (
    <TextareaField
      meta={meta}
      label="Summary"
      rows={3}
      hint={`Shown in search results and lists. ${summaryLength(asText(meta.value))}`}
    />
  )
}

function BodyField({ meta, note }: { meta: Meta; note?: string }) {
  return (
    <div>
      <TextareaField
        meta={meta}
        label="Body"
        rows={24}
        spellCheck
        inputClassName={`${inputClass} font-mono text-sm`}
        hint={
          <>
            {note ? `${note} ` : null}Markdown: <code>## Heading</code> starts a section, <code>**bold**</code>,{' '}
            <code>[a link](/sizes-guide)</code>. The embeds are listed below.
          </>
        }
      />
      <details className="mt-2 rounded-md border border-slate-200 bg-white p-3 text-sm">
        <summary className="cursor-pointer font-medium">Embeds you can use</summary>
        <dl className="mt-2 space-y-2">
          {DIRECTIVE_USAGES.map(({ name, usage }) => (
            <div key={name}>
              <dt className="font-mono text-slate-900">{usage}</dt>
              <dd className="text-slate-700">{EMBED_HELP[name]}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-slate-700">
          Block embeds (<code>::</code>) stand on a line of their own; <code>:price</code> and <code>:buy</code> go
          inside a sentence.
        </p>
      </details>
    </div>
  )
}

/** The form's buttons: each sends its intent; while one is on its way, none can be pressed. */
function EditorButtons({ buttons }: { buttons: readonly Button[] }) {
  const pending = useIsPending()
  const navigation = useNavigation()
  const sending = pending ? String(navigation.formData?.get('intent')) : null
  return (
    <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
      {buttons.map((button, index) => (
        <StatusButton
          key={button.intent}
          name="intent"
          value={button.intent}
          pending={sending === button.intent}
          pendingText={button.pending}
          disabled={sending !== null}
          className={index === 0 ? rowButton.primary : rowButton.secondary}
        >
          {button.label}
        </StatusButton>
      ))}
    </div>
  )
}

/** The text as visitors will see it, with what they will not see said in dashed boxes; focused when it comes. */
function PreviewRegion({ preview }: { preview: DocumentPreview }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [preview])
  const problems = preview.view.problems ?? []
  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-lg border-2 border-dashed border-slate-400 bg-white p-6"
    >
      <h2 id="preview-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold">
        Preview
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Nothing is saved yet. Dashed boxes show what visitors will not see, and why.
      </p>
      {problems.length ? (
        <div className="mt-4 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">Fix these before saving:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem, index) => (
              <li key={index}>{problem.line ? `Line ${problem.line}: ${problem.message}` : problem.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-6 border-t border-slate-200 pt-6">
        {preview.eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{preview.eyebrow}</p>
        ) : null}
        <p className="text-3xl font-bold text-slate-900">{preview.title}</p>
        <DocumentBody document={preview.view} preview disclose />
      </div>
    </section>
  )
}
