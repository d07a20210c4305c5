import { useHydrated } from '#app/utils/use-hydrated.ts'

// Some answers differ for the JavaScript page and the plain one (a fetcher wants data where a plain form
// wants a redirect; a timed move happens only with JavaScript). The form says which page sent it.

export const ENHANCED_FIELD = 'enhanced'

/** A hidden field that says "this form was sent by the JavaScript-enhanced page" once the page has hydrated. */
export function EnhancedMarker() {
  const hydrated = useHydrated()
  return <input type="hidden" name={ENHANCED_FIELD} value={hydrated ? '1' : ''} />
}

export const sentEnhanced = (formData: FormData) => formData.get(ENHANCED_FIELD) === '1'
