import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { enrolledStores, storeCookie } from '#app/lib/stores.server.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { sameSitePath } from '#app/utils/return-to.ts'

// The footer's store chooser (decision 044): the visitor's own choice of Amazon store, kept in a cookie that only
// /go reads, so the cached pages stay the same for everyone. "" is "automatic": the cookie is removed.

const STORE_CHOICE_MAX_BYTES = 4 * 1024

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request, STORE_CHOICE_MAX_BYTES)
  if (!form) throw new Response('The form is too large to send.', { status: 413 })
  const choice = form.get('store')
  if (typeof choice !== 'string' || (choice !== '' && !enrolledStores().has(choice))) {
    throw new Response('Choose a store from the list.', { status: 400 })
  }
  const cookie = choice ? await storeCookie.serialize(choice) : await storeCookie.serialize('', { maxAge: 0 })
  return redirect(sameSitePath(form.get('returnTo')) ?? '/', { status: 303, headers: { 'Set-Cookie': cookie } })
}
