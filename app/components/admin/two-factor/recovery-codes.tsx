import { RegenerateCodesSchema } from '#app/schemas/two-factor.ts'
import { CheckForm } from './check-form.tsx'
import type { Reply } from './replies.ts'

/** Recovery codes of an enrolled user: how many are left, and new ones for a fresh check. */
export function RecoveryCodes({
  left,
  hasPasskey,
  lastResult,
}: {
  left: number
  hasPasskey: boolean
  lastResult: Reply
}) {
  return (
    <div className="mt-8 space-y-4">
      <h3 className="text-lg font-semibold">Recovery codes</h3>
      <p className="text-slate-700">{left} of 10 recovery codes left.</p>
      <CheckForm
        intent="regenerate-codes"
        schema={RegenerateCodesSchema}
        title="New recovery codes"
        text="Makes 10 new recovery codes; the old ones stop working."
        submit="Make new recovery codes"
        pendingText="Making codes..."
        hasPasskey={hasPasskey}
        lastResult={lastResult}
      />
    </div>
  )
}

/** Codes just made: shown once, at the top of the section. */
export function NewRecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="mt-3 rounded-md border border-emerald-300 bg-emerald-50 p-4">
      <h3 className="font-semibold text-emerald-900">Your recovery codes</h3>
      <p className="mt-1 text-emerald-900">
        Save these now, somewhere safe: they are shown only once. Each signs you in once if you lose your app.
      </p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
    </div>
  )
}
