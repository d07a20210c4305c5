import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field, SelectField } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, intentOf, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import {
  AddTrackingIdSchema,
  AssignTrackingIdSchema,
  assignmentValue,
  RemoveTrackingIdSchema,
  TRACKING_ID_FAILED,
  UNASSIGNED,
  type Assignment,
  type TrackingIdIntent,
} from '#app/schemas/tracking-ids.ts'
import { PLACEMENT_NAMES, PLACEMENTS } from '#app/utils/placements.ts'
import { AdminTable } from './admin-table.tsx'
import { PanelCard } from './panel-card.tsx'
import { cellClass, selectClass, smallButtonClass } from './settings-table.tsx'

// The Tracking IDs part of /admin/settings (admins only, docs/decisions/079): the default store's extra tracking
// IDs, each assigned to a placement or one guide, so Amazon's reports tell the placements apart. Every form posts
// to the page's action, told apart by its intent.

export interface TrackingIdItem extends Assignment {
  id: number
  tag: string
  /** The title of the guide it is assigned to, when it is one guide's. */
  guideTitle: string | null
}

type Reply = SubmissionResult<string[]> | undefined
type Choice = { value: string; label: string }

const isIntent = (value: string | null): value is TrackingIdIntent =>
  value !== null && Object.hasOwn(TRACKING_ID_FAILED, value)

export function TrackingIdsSettings({
  store,
  trackingIds,
  guides,
  reply,
}: {
  /** The default store's name: the only store whose clicks carry these. */
  store: string
  trackingIds: TrackingIdItem[]
  guides: Array<{ id: number; title: string }>
  /** The page's last reply: shown here only when one of these forms sent it. */
  reply: Reply
}) {
  const replied = intentOf(reply)
  const choices: Choice[] = [
    { value: UNASSIGNED, label: 'Not used yet' },
    ...PLACEMENTS.map((placement) => ({ value: placement, label: PLACEMENT_NAMES[placement] })),
    ...guides.map((guide) => ({
      value: assignmentValue({ placement: 'guide', guideId: guide.id }),
      label: `Guide: ${guide.title}`,
    })),
  ]
  return (
    <PanelCard id="tracking-ids" title="Tracking IDs">
      <p className="mt-1 text-sm text-slate-700">
        Amazon reports earnings by tracking ID. Give a placement a tracking ID of its own and {store}&apos;s clicks from
        it carry that one instead of the store&apos;s tag, so the earnings report shows what each placement earns. A
        guide&apos;s own tracking ID comes before the one for all guides; placements without one keep the store&apos;s
        tag. Create the tracking IDs in Associates Central first.
      </p>
      {/* A refused add answers inside its form; a refused row button above the list. */}
      {replied === 'add-tracking-id' || !isIntent(replied) ? null : (
        <FormErrors className="mt-4" errors={firstErrorOf(reply)} title={TRACKING_ID_FAILED[replied]} />
      )}
      {trackingIds.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">
          No tracking IDs are listed: every click carries its store&apos;s tag.
        </p>
      ) : (
        <AdminTable
          caption={`Tracking IDs of ${store}`}
          headings={['Tracking ID', 'Used for', 'Remove']}
          className="mt-4"
        >
          {trackingIds.map((trackingId) => (
            <tr key={trackingId.id} className="border-b border-slate-100">
              <td className={cellClass}>
                <code className="font-mono">{trackingId.tag}</code>
              </td>
              <td className={cellClass}>
                <AssignForm trackingId={trackingId} choices={choices} />
              </td>
              <td className={cellClass}>
                <RemoveForm trackingId={trackingId} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <h3 className="mt-6 text-lg font-semibold">Add a tracking ID</h3>
      <AddForm choices={choices} lastResult={replied === 'add-tracking-id' ? reply : undefined} />
    </PanelCard>
  )
}

function AssignForm({ trackingId, choices }: { trackingId: TrackingIdItem; choices: Choice[] }) {
  const busy = useIsPending()
  const value = assignmentValue(trackingId)
  // A guide taken back to a draft still holds its tracking ID: shown as it is, until it is assigned elsewhere.
  const options = choices.some((choice) => choice.value === value)
    ? choices
    : [...choices, { value, label: `Guide: ${trackingId.guideTitle} (not published)` }]
  const [form, fields] = useZodForm(AssignTrackingIdSchema, {
    id: `assign-tracking-id-${trackingId.id}`,
    defaultValue: { assignment: value },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="assign-tracking-id" />
      <input type="hidden" name="id" value={trackingId.id} />
      <SelectField
        meta={fields.assignment}
        label={`Where ${trackingId.tag} is used`}
        labelClassName="sr-only"
        options={options}
        inputClassName={selectClass}
        required={false}
      />
      <StatusButton pending={busy} className={smallButtonClass}>
        Save<span className="sr-only"> where {trackingId.tag} is used</span>
      </StatusButton>
    </Form>
  )
}

function RemoveForm({ trackingId }: { trackingId: TrackingIdItem }) {
  const busy = useIsPending()
  const [form] = useZodForm(RemoveTrackingIdSchema, { id: `remove-tracking-id-${trackingId.id}` })
  // A second step without JavaScript: the confirmation button sits inside a disclosure.
  return (
    <details>
      <summary className="cursor-pointer text-sm font-semibold text-red-800 underline">
        Remove<span className="sr-only"> {trackingId.tag}</span>
      </summary>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <input type="hidden" name="intent" value="remove-tracking-id" />
        <input type="hidden" name="id" value={trackingId.id} />
        <StatusButton
          pending={busy}
          className="rounded-md bg-red-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-900"
        >
          Confirm removal<span className="sr-only"> of {trackingId.tag}</span>
        </StatusButton>
      </Form>
    </details>
  )
}

function AddForm({ choices, lastResult }: { choices: Choice[]; lastResult: Reply }) {
  const busy = useIsPending()
  const [form, fields] = useZodForm(AddTrackingIdSchema, {
    id: 'add-tracking-id',
    lastResult,
    defaultValue: { assignment: UNASSIGNED },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3">
      <FormErrors id={form.errorId} errors={firstErrorOf(lastResult)} title={TRACKING_ID_FAILED['add-tracking-id']} />
      <div className="flex flex-wrap items-start gap-3">
        <input type="hidden" name="intent" value="add-tracking-id" />
        <Field
          meta={fields.tag}
          label="Tracking ID"
          autoComplete="off"
          spellCheck={false}
          inputClassName="mt-1 block w-72 max-w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 font-mono aria-invalid:border-red-700"
        />
        <SelectField
          meta={fields.assignment}
          label="Used for"
          options={choices}
          inputClassName={`mt-1 block ${selectClass}`}
          required={false}
        />
        <StatusButton
          pending={busy}
          className="mt-6 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          Add tracking ID
        </StatusButton>
      </div>
    </Form>
  )
}
