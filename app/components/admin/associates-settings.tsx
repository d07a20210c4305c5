import { PanelCard } from './panel-card.tsx'

// The Amazon Associates part of /admin/settings: each enrolled store's tag, read from the environment
// (AFFILIATE_TAG, AFFILIATE_TAGS). Read-only: the environment is the only place a tag is set (docs/decisions/076).

/** The heading's id: the panel's "no tag" banner links to it. */
export const ASSOCIATES_SETTINGS_ID = 'amazon'

export function AssociatesSettings({ stores }: { stores: Array<{ code: string; name: string; tag: string | null }> }) {
  return (
    <PanelCard id={ASSOCIATES_SETTINGS_ID} title="Amazon Associates">
      <p className="mt-1 text-sm text-slate-700">
        The tag each store&apos;s clicks carry. They are set in the server&apos;s environment (
        <code className="font-mono">AFFILIATE_TAG</code>, and <code className="font-mono">AFFILIATE_TAGS</code> for
        other stores) and apply once it restarts. Without one, a click goes to Amazon untagged and earns nothing.
      </p>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {stores.map((store) => (
          <div key={store.code} className="contents">
            <dt className="font-medium text-slate-900">{store.name}</dt>
            <dd className="text-slate-700">
              {store.tag ? (
                <>
                  <code className="font-mono">{store.tag}</code> (set by the environment)
                </>
              ) : (
                'Not set'
              )}
            </dd>
          </div>
        ))}
      </dl>
    </PanelCard>
  )
}
