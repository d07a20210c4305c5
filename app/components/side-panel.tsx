import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { Link } from '#app/components/link.tsx'
import { SearchForm } from './search-form.tsx'
import { siteNavLinks } from './site-nav.ts'

const PANEL_ID = 'site-menu'

/**
 * The small-screen menu. Without JavaScript the Menu link targets the panel (CSS :target shows it) and
 * Close, or a click on the backdrop, targets nothing. With JavaScript it is a modal dialog: focus moves
 * into it, Escape and outside clicks close it, and focus returns to the Menu button.
 */
export function SidePanel() {
  const [open, setOpen] = useState(false)
  const menuButton = useRef<HTMLAnchorElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const wasOpen = useRef(false)

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

  useEffect(() => {
    if (open) {
      panel.current?.querySelector<HTMLElement>('a, button, input')?.focus()
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key === 'Escape') setOpen(false)
      }
      document.addEventListener('keydown', onKeyDown)
      return () => document.removeEventListener('keydown', onKeyDown)
    }
    if (wasOpen.current) menuButton.current?.focus()
  }, [open])

  useEffect(() => {
    wasOpen.current = open
  }, [open])

  const openPanel = (event: MouseEvent) => {
    event.preventDefault()
    setOpen(true)
  }
  const closePanel = (event: MouseEvent) => {
    event.preventDefault()
    setOpen(false)
  }

  return (
    <>
      <a
        ref={menuButton}
        href={`#${PANEL_ID}`}
        onClick={openPanel}
        aria-controls={PANEL_ID}
        aria-expanded={open}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
        </svg>
        Menu
      </a>
      <div id={PANEL_ID} className="side-panel lg:hidden" data-open={open}>
        <a
          href="#close-menu"
          onClick={closePanel}
          tabIndex={-1}
          aria-hidden="true"
          className="fixed inset-0 z-40 bg-slate-900/50"
        >
          <span className="sr-only">Close menu</span>
        </a>
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl"
        >
          <a
            href="#close-menu"
            onClick={closePanel}
            className="self-end rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium"
          >
            Close
          </a>
          <SearchForm placeholder="Search..." inputId="side-panel-search" />
          <nav aria-label="Menu">
            <ul className="flex flex-col gap-1">
              {siteNavLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="block rounded-md px-3 py-2 font-medium hover:bg-slate-100">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  )
}
