import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { clickedBeside, useModalDialog } from '#app/utils/use-modal-dialog.ts'
import { LinkList } from './link-list.tsx'
import { SearchForm } from './search-form.tsx'
import { categoryLinks, type ShopCategory } from './shop-menu.tsx'
import { siteNavLinks } from './site-nav.ts'

const PANEL_ID = 'site-menu'
const panelClass =
  'fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl'
const menuLinkClass = 'block rounded-md px-3 py-2 font-medium hover:bg-slate-100'
const closeClass = 'self-end rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium'

/**
 * The small-screen menu. Without JavaScript the Menu link targets the panel (CSS :target shows it) and Close,
 * or a click on the backdrop, targets nothing. With JavaScript it is a modal <dialog> (docs/decisions/050): focus
 * moves to its search box and stays inside, Escape and outside clicks close it, and focus returns to the Menu button.
 */
export function SidePanel({ categories }: { categories: readonly ShopCategory[] }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)

  useEffect(() => {
    // Arrived with #site-menu in the address (e.g. the panel was opened before hydration): take it over.
    if (window.location.hash === `#${PANEL_ID}`) {
      // Leave :target first (replace() adds no history entry), then drop the fragment from the address.
      window.location.replace('#close-menu')
      history.replaceState(history.state, '', window.location.pathname + window.location.search)
      setOpen(true)
    }
  }, [])

  // Any navigation (a nav link, a search from the panel) closes it.
  const { key: locationKey } = useLocation()
  const shownAt = useRef(locationKey)
  useEffect(() => {
    if (shownAt.current !== locationKey) setOpen(false)
    shownAt.current = locationKey
  }, [locationKey])

  return (
    <>
      <a
        href={`#${PANEL_ID}`}
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
        aria-controls={PANEL_ID}
        aria-expanded={open}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
        </svg>
        Menu
      </a>
      {hydrated ? (
        <MenuDialog open={open} onClose={() => setOpen(false)} categories={categories} />
      ) : (
        <div id={PANEL_ID} className="side-panel lg:hidden">
          <a href="#close-menu" tabIndex={-1} aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50">
            <span className="sr-only">Close menu</span>
          </a>
          <div role="dialog" aria-label="Menu" className={panelClass}>
            <a href="#close-menu" className={closeClass}>
              Close
            </a>
            <MenuContent categories={categories} />
          </div>
        </div>
      )}
    </>
  )
}

function MenuDialog({
  open,
  onClose,
  categories,
}: {
  open: boolean
  onClose: () => void
  categories: readonly ShopCategory[]
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useModalDialog(ref, { open, onDismiss: onClose })
  return (
    // The backdrop click is the pointer's shortcut for Escape and the Close button, which the keyboard has.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      id={PANEL_ID}
      aria-label="Menu"
      onClick={(event) => {
        if (clickedBeside(event)) onClose()
      }}
      // The UA hides a closed dialog by `display`, which the panel's `flex` would override.
      className={`${panelClass} left-auto m-0 h-full max-h-none backdrop:bg-slate-900/50 [&:not([open])]:hidden`}
    >
      <button type="button" onClick={onClose} className={closeClass}>
        Close
      </button>
      <MenuContent categories={categories} />
    </dialog>
  )
}

function MenuContent({ categories }: { categories: readonly ShopCategory[] }) {
  return (
    <>
      <SearchForm placeholder="Search..." inputId="side-panel-search" />
      <nav aria-label="Menu">
        <LinkList links={siteNavLinks} className="flex flex-col gap-1" linkClassName={menuLinkClass} />
        <h2 className="mt-4 px-3 text-sm font-semibold text-slate-600">Shop</h2>
        <LinkList
          links={categoryLinks(categories)}
          className="mt-1 flex flex-col gap-1"
          linkClassName={menuLinkClass}
        />
      </nav>
    </>
  )
}
