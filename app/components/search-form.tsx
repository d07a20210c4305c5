import { Form } from '@remix-run/react'
import type { FormEvent } from 'react'
import { SuggestingSearchInput } from './search-suggestions.tsx'

const FIELD_CLASS =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500'

/**
 * A GET form to /search. Blank text does nothing: with JavaScript the submit is cancelled here; without it
 * the search route sends the visitor back to the page they were on. `suggest`: the field suggests products and
 * categories as one types (JavaScript only; the header's).
 */
export function SearchForm({
  placeholder,
  defaultValue,
  className = '',
  inputId,
  suggest = false,
}: {
  placeholder: string
  defaultValue?: string
  className?: string
  inputId: string
  suggest?: boolean
}) {
  function ignoreBlank(event: FormEvent<HTMLFormElement>) {
    const query = new FormData(event.currentTarget).get('q')
    if (typeof query !== 'string' || query.trim() === '') event.preventDefault()
  }

  return (
    <Form method="get" action="/search" role="search" onSubmit={ignoreBlank} className={`flex gap-2 ${className}`}>
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      {suggest ? (
        <SuggestingSearchInput
          inputId={inputId}
          placeholder={placeholder}
          defaultValue={defaultValue}
          className={FIELD_CLASS}
        />
      ) : (
        <input
          id={inputId}
          type="search"
          name="q"
          defaultValue={defaultValue}
          placeholder={placeholder}
          maxLength={200}
          className={FIELD_CLASS}
        />
      )}
      <button
        type="submit"
        className="rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700"
      >
        Search
      </button>
    </Form>
  )
}
