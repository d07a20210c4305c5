import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { enrolledStores, storeCookie, visitorStoreAnswer } from '#app/lib/stores.server.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { sameSitePath } from '#app/utils/return-to.ts'

// The visitor's Amazon store. POST: the footer's chooser (decision 044), the visitor's own choice kept in a cookie,
// so the cached pages stay the same for everyone; "" is "automatic": the cookie is removed. GET: which store their
// clicks open, as JSON for their own browser only (decision 045), so the product page can name it without
// the page itself varying by visitor.

const STORE_CHOICE_MAX_BYTES = 4 * 1024

export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(await visitorStoreAnswer(request), { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request, STORE_CHOICE_MAX_BYTES)
  if (!form) throw new Response('The form is too large to send.', { status: 413 })
  const choice = form.get('store')
  if (typeof choice !== 'string' || (choice !== '' && !(await enrolledStores()).has(choice))) {
    throw new Response('Choose a store from the list.', { status: 400 })
  }
  const cookie = choice ? await storeCookie.serialize(choice) : await storeCookie.serialize('', { maxAge: 0 })
  return redirect(sameSitePath(form.get('returnTo')) ?? '/', { status: 303, headers: { 'Set-Cookie': cookie } })
}
