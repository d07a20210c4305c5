import { Form } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { COMPARE_MAX } from '#app/schemas/comparison.ts'

/**
 * A listing's "Compare" boxes (ProductGrid's `compare`) and their button: a GET form to /compare?asins=…, so it
 * works without JavaScript (the page then compares the first four and names the rest). With JavaScript the
 * button counts the ticks and, at four, the other boxes are disabled.
 */
export function CompareForm({ children }: { children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null)
  const [ticked, setTicked] = useState(0)

  const update = () => {
    const boxes = Array.from(form.current?.querySelectorAll<HTMLInputElement>('input[name="asins"]') ?? [])
    const count = boxes.filter((box) => box.checked).length
    for (const box of boxes) box.disabled = !box.checked && count >= COMPARE_MAX
    setTicked(count)
  }
  // After each render too: a new page of results brings new boxes (and a browser may restore ticks).
  useEffect(update)

  return (
    <Form ref={form} method="get" action="/compare" aria-label="Compare products" onChange={update}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700"
        >
          {ticked > 0 ? `Compare (${ticked})` : 'Compare selected'}
        </button>
        {/* Says how many are ticked: the button's count is not announced when a box is ticked. */}
        <p className="text-sm text-slate-600" role="status">
          {ticked >= COMPARE_MAX
            ? `${COMPARE_MAX} products ticked: the most that can be compared at once.`
            : ticked > 0
              ? `${ticked} selected. Tick up to ${COMPARE_MAX} products to compare them side by side.`
              : `Tick up to ${COMPARE_MAX} products to compare them side by side.`}
        </p>
      </div>
      {children}
    </Form>
  )
}
