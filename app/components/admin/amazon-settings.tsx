import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field, SelectField } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, intentOf, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { AMAZON_SETTINGS_FAILED, AmazonTagSchema } from '#app/schemas/amazon-settings.ts'
import { STORES, storeByCode } from '#app/utils/stores.ts'
import { AdminTable } from './admin-table.tsx'
import { AmazonApiSettings, type AmazonApiView } from './amazon-api-settings.tsx'
import { PanelCard } from './panel-card.tsx'
import { cellClass, selectClass, smallButtonClass } from './settings-table.tsx'

// The Amazon part of /admin/settings (docs/decisions/076, 078): each enrolled store's Associates tag, the Creators
// API's credentials and state. Admins change them here; a value the environment sets wins and is shown so.

/** The heading's id: the panel's "no tag" banner links to it. */
export const ASSOCIATES_SETTINGS_ID = 'amazon'

type Reply = SubmissionResult<string[]> | undefined

export interface StoreTagView {
  store: string
  tag: string | null
  fromEnv: boolean
}

const inputClass =
  'block w-56 max-w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm aria-invalid:border-red-700'

export function AmazonSettings({
  tags,
  api,
  editable,
  reply,
}: {
  tags: StoreTagView[]
  api: AmazonApiView
  /** Whether this user may change them ('manage-settings'); others see them only. */
  editable: boolean
  reply: Reply
}) {
  const replied = intentOf(reply)
  const unenrolled = STORES.filter((store) => !tags.some((tag) => tag.store === store.code))
  return (
    <PanelCard id={ASSOCIATES_SETTINGS_ID} title="Amazon">
      <h3 className="mt-2 text-lg font-semibold">Associates tags</h3>
      <p className="mt-1 text-sm text-slate-700">
        The tag each store&apos;s clicks carry. Without one, a click goes to Amazon untagged and earns nothing. A tag
        set in the server&apos;s environment (<code className="font-mono">AFFILIATE_TAG</code>,{' '}
        <code className="font-mono">AFFILIATE_TAGS</code>) wins over this page.
      </p>
      {replied === 'amazon-tag' ? (
        <FormErrors className="mt-4" errors={firstErrorOf(reply)} title={AMAZON_SETTINGS_FAILED['amazon-tag']} />
      ) : null}
      <AdminTable caption="Associates tag of each store" headings={['Store', 'Tag']} className="mt-4">
        {tags.map((row) => (
          <tr key={row.store} className="border-b border-slate-100">
            <th scope="row" className={`${cellClass} text-left font-medium`}>
              {storeByCode(row.store).name}
            </th>
            <td className={cellClass}>
              {row.fromEnv ? (
                <>
                  <code className="font-mono">{row.tag}</code> (set by the environment)
                </>
              ) : editable ? (
                <TagForm store={row.store} tag={row.tag} />
              ) : row.tag ? (
                <code className="font-mono">{row.tag}</code>
              ) : (
                'Not set'
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      {editable && unenrolled.length > 0 ? <AddStoreForm stores={unenrolled} /> : null}
      <AmazonApiSettings api={api} editable={editable} reply={replied === 'amazon-tag' ? undefined : reply} />
    </PanelCard>
  )
}

/** One store's tag: empty clears it. */
function TagForm({ store, tag }: { store: string; tag: string | null }) {
  const busy = useIsPending({ intent: 'amazon-tag' })
  const [form, fields] = useZodForm(AmazonTagSchema, { id: `amazon-tag-${store}`, defaultValue: { tag } })
  const name = storeByCode(store).name
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="intent" value="amazon-tag" />
      <input type="hidden" name="store" value={store} />
      <Field
        meta={fields.tag}
        label={`Tag for ${name}`}
        labelClassName="sr-only"
        autoComplete="off"
        spellCheck={false}
        placeholder="Not set"
        inputClassName={inputClass}
      />
      <StatusButton pending={busy} className={smallButtonClass}>
        Save<span className="sr-only"> the tag for {name}</span>
      </StatusButton>
    </Form>
  )
}

/** Enrols another store: its tag. */
function AddStoreForm({ stores }: { stores: ReadonlyArray<{ code: string; name: string }> }) {
  const busy = useIsPending({ intent: 'amazon-tag' })
  const [form, fields] = useZodForm(AmazonTagSchema, { id: 'amazon-tag-new', defaultValue: { store: stores[0]?.code } })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="amazon-tag" />
      <SelectField
        meta={fields.store}
        label="Another store"
        options={stores.map((store) => ({ value: store.code, label: store.name }))}
        inputClassName={`mt-1 block ${selectClass}`}
        required={false}
      />
      <Field
        meta={fields.tag}
        label="Its tag"
        autoComplete="off"
        spellCheck={false}
        inputClassName={`mt-1 ${inputClass}`}
      />
      <StatusButton pending={busy} className={smallButtonClass}>
        Add the store
      </StatusButton>
    </Form>
  )
}
