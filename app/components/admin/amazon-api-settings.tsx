import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field, SelectField } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, intentOf, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import {
  AMAZON_SETTINGS_FAILED,
  AmazonCredentialsSchema,
  CREDENTIAL_VERSIONS,
  MARKETPLACES,
} from '#app/schemas/amazon-settings.ts'
import { selectClass, smallButtonClass } from './settings-table.tsx'

// The Creators API part of the Amazon settings (docs/decisions/078): its credentials (the secret never shown back,
// only its last four characters), "Test the connection", and what the API last answered.

interface Setting {
  value: string | null
  fromEnv: boolean
}

export interface AmazonApiView {
  credentialId: Setting
  secret: { lastFour: string | null; fromEnv: boolean }
  version: Setting
  marketplace: Setting
  state: {
    lastSuccess: string | null
    lastRefusal: { when: string; code: string | null; message: string | null } | null
    refusedSince: string | null
  }
}

type Reply = SubmissionResult<string[]> | undefined

const inputClass =
  'mt-1 block w-72 max-w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 aria-invalid:border-red-700'
const ENVIRONMENT = '(set by the environment)'

export function AmazonApiSettings({ api, editable, reply }: { api: AmazonApiView; editable: boolean; reply: Reply }) {
  const replied = intentOf(reply)
  return (
    <>
      <h3 className="mt-6 text-lg font-semibold">Creators API</h3>
      <p className="mt-1 text-sm text-slate-700">
        The credentials the nightly refresh and the imports use, from Associates Central (Tools → Creators API). A value
        set in the server&apos;s environment (<code className="font-mono">AMAZON_CREDENTIAL_*</code>,{' '}
        <code className="font-mono">AMAZON_MARKETPLACE</code>) wins over this page.
      </p>
      <ApiState state={api.state} />
      {editable ? (
        <>
          <CredentialsForm api={api} lastResult={replied === 'amazon-credentials' ? reply : undefined} />
          <TestForm failure={replied === 'amazon-test' ? firstErrorOf(reply) : null} />
        </>
      ) : (
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium">Credential ID</dt>
          <dd>{shown(api.credentialId)}</dd>
          <dt className="font-medium">Secret</dt>
          <dd>{api.secret.lastFour ? `Ends in ${api.secret.lastFour}` : 'Not set'}</dd>
          <dt className="font-medium">Version</dt>
          <dd>{shown(api.version)}</dd>
          <dt className="font-medium">Marketplace</dt>
          <dd>{shown(api.marketplace)}</dd>
        </dl>
      )}
    </>
  )
}

const shown = (setting: Setting) => `${setting.value ?? 'Not set'}${setting.fromEnv ? ` ${ENVIRONMENT}` : ''}`

function ApiState({ state }: { state: AmazonApiView['state'] }) {
  return (
    <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="font-medium">Last success</dt>
      <dd>{state.lastSuccess ?? 'Never'}</dd>
      <dt className="font-medium">Last refusal</dt>
      <dd>
        {state.lastRefusal
          ? `${state.lastRefusal.when}: ${state.lastRefusal.code ?? ''} — ${state.lastRefusal.message ?? ''}`
          : 'None'}
      </dd>
      <dt className="font-medium">Refused since</dt>
      <dd>{state.refusedSince ?? 'Not refused: calls are answered'}</dd>
    </dl>
  )
}

function CredentialsForm({ api, lastResult }: { api: AmazonApiView; lastResult: Reply }) {
  const busy = useIsPending({ intent: 'amazon-credentials' })
  const [form, fields] = useZodForm(AmazonCredentialsSchema, {
    id: 'amazon-credentials',
    lastResult,
    defaultValue: {
      credentialId: api.credentialId.value,
      version: api.version.value,
      marketplace: api.marketplace.value,
    },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
      <FormErrors
        id={form.errorId}
        errors={firstErrorOf(lastResult)}
        title={AMAZON_SETTINGS_FAILED['amazon-credentials']}
      />
      <input type="hidden" name="intent" value="amazon-credentials" />
      {api.credentialId.fromEnv ? (
        <p className="text-sm">Credential ID: {shown(api.credentialId)}</p>
      ) : (
        <Field
          meta={fields.credentialId}
          label="Credential ID"
          autoComplete="off"
          spellCheck={false}
          inputClassName={inputClass}
        />
      )}
      {api.secret.fromEnv ? (
        <p className="text-sm">
          Secret: ends in {api.secret.lastFour} {ENVIRONMENT}
        </p>
      ) : (
        <Field
          meta={fields.credentialSecret}
          label="Secret"
          type="password"
          autoComplete="new-password"
          hint={
            api.secret.lastFour
              ? `The stored one ends in ${api.secret.lastFour}. Leave empty to keep it.`
              : 'Not set yet. It is stored encrypted and never shown again.'
          }
          inputClassName={inputClass}
        />
      )}
      {api.version.fromEnv ? (
        <p className="text-sm">Version: {shown(api.version)}</p>
      ) : (
        <SelectField
          meta={fields.version}
          label="Version"
          hint="2.x: Cognito credentials; 3.x: Login with Amazon."
          options={[{ value: '', label: 'Not set' }, ...CREDENTIAL_VERSIONS]}
          inputClassName={`mt-1 block ${selectClass}`}
          required={false}
        />
      )}
      {api.marketplace.fromEnv ? (
        <p className="text-sm">Marketplace: {shown(api.marketplace)}</p>
      ) : (
        <SelectField
          meta={fields.marketplace}
          label="Marketplace"
          options={MARKETPLACES}
          inputClassName={`mt-1 block ${selectClass}`}
          required={false}
        />
      )}
      <StatusButton pending={busy} className={smallButtonClass}>
        Save the credentials
      </StatusButton>
    </Form>
  )
}

/** One GetItems call; its answer comes back as a toast, and in the state above. */
function TestForm({ failure }: { failure: string[] | null }) {
  const busy = useIsPending({ intent: 'amazon-test' })
  return (
    <Form method="post" className="mt-4">
      <FormErrors errors={failure} title={AMAZON_SETTINGS_FAILED['amazon-test']} />
      <input type="hidden" name="intent" value="amazon-test" />
      <StatusButton pending={busy} className={smallButtonClass}>
        Test the connection
      </StatusButton>
    </Form>
  )
}
