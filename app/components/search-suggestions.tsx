import { useFetcher, useNavigate } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { SearchSuggestions } from '#app/utils/search-query.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { ProductPicture } from './product-picture.tsx'

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 200
/** Fewer characters ask for nothing (the endpoint answers nothing either). */
const MIN_LENGTH = 2

interface Option {
  id: string
  href: string
  label: string
  imageUrl?: string | null
}

/**
 * The header's search field. Without JavaScript a plain search field of its GET form. With it, an editable
 * combobox with list autocomplete (WAI-ARIA 1.2): products and categories from /search/suggest a moment after
 * typing stops; Down and Up move through them (the focus stays in the field, aria-activedescendant names the
 * option), Enter opens the one chosen or, with none, searches as typed; Escape closes the list and keeps the text;
 * leaving the field closes it. A polite live region says how many suggestions there are.
 */
export function SuggestingSearchInput({
  inputId,
  placeholder,
  defaultValue,
  className,
}: {
  inputId: string
  placeholder: string
  defaultValue?: string
  className: string
}) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<SearchSuggestions>()
  const navigate = useNavigate()
  const listId = useId()
  const [text, setText] = useState(defaultValue ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const asked = useRef('')

  const query = text.trim()
  useEffect(() => {
    if (query.length < MIN_LENGTH || query === asked.current) return
    const timer = setTimeout(() => {
      asked.current = query
      fetcher.load(`/search/suggest?${new URLSearchParams({ q: query })}`)
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
    // `fetcher` is a new object each render; its `load` is what is called.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query])

  const found = query.length >= MIN_LENGTH ? fetcher.data : undefined
  const products: Option[] = (found?.products ?? []).map((product) => ({
    id: `${listId}-p-${product.asin}`,
    href: `/product/${product.asin}`,
    label: product.title,
    imageUrl: product.imageUrl,
  }))
  const categories: Option[] = (found?.categories ?? []).map((category) => ({
    id: `${listId}-c-${category.slug}`,
    href: `/category/${category.slug}`,
    label: category.name,
  }))
  const options = [...products, ...categories]
  const expanded = hydrated && open && options.length > 0
  const activeOption = expanded ? options[active] : undefined

  useEffect(() => setActive(-1), [fetcher.data])

  function go(option: Option) {
    setOpen(false)
    navigate(option.href)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return
      event.preventDefault()
      if (!expanded) {
        setOpen(true)
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1)
        return
      }
      // Past either end the choice goes back to the field itself (-1), as in the pattern's examples.
      setActive((current) => {
        const next = current + (event.key === 'ArrowDown' ? 1 : -1)
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next
      })
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault()
      go(activeOption)
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  const optionClass = (option: Option) =>
    `flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${option === activeOption ? 'bg-slate-100' : ''}`
  // The field keeps the focus and its keys (aria-activedescendant): an option is not a tab stop of its own.
  const renderOption = (option: Option) => (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
    <div
      key={option.id}
      id={option.id}
      role="option"
      aria-selected={option === activeOption}
      className={optionClass(option)}
      // Keeps the focus in the field, so the list is still open when the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => go(option)}
    >
      {option.imageUrl !== undefined ? (
        <span className="h-8 w-8 shrink-0">
          <ProductPicture src={option.imageUrl} size={32} />
        </span>
      ) : null}
      <span className="line-clamp-2">{option.label}</span>
    </div>
  )

  return (
    <div className="relative w-full min-w-0">
      <input
        id={inputId}
        type="search"
        name="q"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value)
          setOpen(true)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        placeholder={placeholder}
        maxLength={200}
        autoComplete="off"
        className={className}
        {...(hydrated
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': listId,
              'aria-activedescendant': activeOption?.id,
            }
          : {})}
      />
      {hydrated ? (
        <>
          <div
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            hidden={!expanded}
            className="absolute right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          >
            {products.length ? (
              <div role="group" aria-label="Products">
                {products.map(renderOption)}
              </div>
            ) : null}
            {categories.length ? (
              <div role="group" aria-label="Categories">
                {categories.map(renderOption)}
              </div>
            ) : null}
          </div>
          <p role="status" aria-live="polite" className="sr-only">
            {expanded ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}` : ''}
          </p>
        </>
      ) : null}
    </div>
  )
}
