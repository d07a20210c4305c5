import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, test, vi } from 'vitest'
import { useIsPending } from './forms.tsx'

// useIsPending under a real router caught mid-submission: the action never answers, so the page stays
// "submitting" while it is drawn.

type Options = Parameters<typeof useIsPending>[0]

function Probe({ options }: { options: Options }) {
  return <>{String(useIsPending(options))}</>
}

async function pendingWhileSending(
  sent: Record<string, string>,
  options: Options,
  { to = '/admin/account', method = 'post' as const } = {},
) {
  const router = createMemoryRouter(
    [
      { path: '/admin/account', element: <Probe options={options} />, action: () => new Promise<never>(() => {}) },
      { path: '/admin/other', element: null, action: () => new Promise<never>(() => {}) },
    ],
    // Remix v2 always upper-cases the method (navigation.formMethod is "POST").
    { initialEntries: ['/admin/account'], future: { v7_normalizeFormMethod: true } },
  )
  const formData = new FormData()
  for (const [name, value] of Object.entries(sent)) formData.set(name, value)
  void router.navigate(to, { formMethod: method, formData })
  await Promise.resolve()
  expect(router.state.navigation.state).toBe('submitting')
  // RouterProvider subscribes in a layout effect, which the server renderer warns of: not needed for one drawing.
  const warn = vi.spyOn(console, 'error').mockImplementation(() => {})
  const html = renderToString(<RouterProvider router={router} />)
  expect(warn.mock.calls.map(([message]) => String(message)).filter((m) => !m.includes('useLayoutEffect'))).toEqual([])
  warn.mockRestore()
  router.dispose()
  return html === 'true'
}

describe('useIsPending', () => {
  test('any form posted to this route counts when no intent is named', async () => {
    expect(await pendingWhileSending({ intent: 'start-totp' }, {})).toBe(true)
  })

  test('with an intent, only the form that sent that intent counts', async () => {
    expect(await pendingWhileSending({ intent: 'start-totp' }, { intent: 'start-totp' })).toBe(true)
    expect(await pendingWhileSending({ intent: 'confirm-totp' }, { intent: 'start-totp' })).toBe(false)
    expect(await pendingWhileSending({}, { intent: 'start-totp' })).toBe(false)
  })

  test('with fields, only the form that carries each of their values counts (one row of a table)', async () => {
    const row = { intent: 'replace-asin', fields: { row: '7' } }
    expect(await pendingWhileSending({ intent: 'replace-asin', row: '7' }, row)).toBe(true)
    expect(await pendingWhileSending({ intent: 'replace-asin', row: '8' }, row)).toBe(false)
    expect(await pendingWhileSending({ intent: 'hide', row: '7' }, row)).toBe(false)
  })

  test('a form posted to another action does not count, whatever its intent', async () => {
    const elsewhere = { to: '/admin/other' }
    expect(await pendingWhileSending({ intent: 'start-totp' }, { intent: 'start-totp' }, elsewhere)).toBe(false)
    expect(
      await pendingWhileSending(
        { intent: 'start-totp' },
        { intent: 'start-totp', formAction: '/admin/other' },
        elsewhere,
      ),
    ).toBe(true)
  })
})
