import { useState, type MouseEvent } from 'react'
import { Link } from '#app/components/link.tsx'

/**
 * Thumbnails and previous/next. Without JavaScript each control is a link to `?image=N#gallery`; with it the
 * same links switch the picture in place. The parent keys this component by product, so the index
 * starts again at the first picture whenever the product changes.
 */
export function ImageGallery({
  images,
  initialIndex,
  title,
}: {
  images: string[]
  initialIndex: number
  title: string
}) {
  const [index, setIndex] = useState(initialIndex)
  const count = images.length
  if (count === 0) {
    return <div className="aspect-square rounded-lg bg-slate-100" aria-hidden="true" />
  }
  const current = images[index] ?? images[0]!
  const go = (target: number) => (event: MouseEvent) => {
    event.preventDefault()
    setIndex(target)
  }
  const previous = (index - 1 + count) % count
  const next = (index + 1) % count
  // To the gallery itself: without JavaScript the new page scrolls there and the next Tab lands in it again.
  const href = (target: number) => `${target === 0 ? '?' : `?image=${target}`}#gallery`

  return (
    <div id="gallery" className="scroll-mt-24">
      <div className="relative flex aspect-square items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-white">
        <img
          src={current}
          alt={count > 1 ? `${title} (${index + 1} of ${count})` : title}
          width={480}
          height={480}
          className="h-full w-full object-contain"
        />
        {count > 1 ? (
          <>
            <Link
              to={href(previous)}
              onClick={go(previous)}
              preventScrollReset
              replace
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-sm font-semibold shadow"
            >
              <span aria-hidden="true">‹</span>
              <span className="sr-only">Previous view</span>
            </Link>
            <Link
              to={href(next)}
              onClick={go(next)}
              preventScrollReset
              replace
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 px-3 py-2 text-sm font-semibold shadow"
            >
              <span aria-hidden="true">›</span>
              <span className="sr-only">Next view</span>
            </Link>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="mt-3 flex gap-2" aria-label="Pictures">
          {images.map((image, thumbIndex) => (
            <li key={image + thumbIndex}>
              <Link
                to={href(thumbIndex)}
                onClick={go(thumbIndex)}
                preventScrollReset
                replace
                aria-current={thumbIndex === index ? 'true' : undefined}
                className={`block h-16 w-16 overflow-hidden rounded-md border-2 bg-white ${
                  thumbIndex === index ? 'border-brand-600' : 'border-slate-200'
                }`}
              >
                <img
                  src={image}
                  alt={`View ${thumbIndex + 1} of ${count}`}
                  width={64}
                  height={64}
                  className="h-full w-full object-contain"
                />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
