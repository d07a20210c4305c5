import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field } from '#app/components/form-fields.tsx'
import { useZodForm } from '#app/components/forms.tsx'
import { PageFormSchema } from '#app/schemas/document.ts'
import { BodyField, SummaryField } from './document-fields.tsx'
import { PreviewRegion, type EditorReply } from './document-preview.tsx'
import { EditorButtons, EditorFormErrors, PREVIEW, SAVE } from './editor-buttons.tsx'

// An information page's editor (docs/decisions/052): one Conform form; a role that cannot write sees it
// read-only, its fields disabled and no buttons.

interface EditedPage {
  slug: string
  revision: number
  eyebrow: string
  title: string
  summary: string
  body: string
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
        <EditorFormErrors form={form} lastResult={lastResult} noun="page" />
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
