/**
 * A product's picture, square at `size` pixels and decorative (its title is always beside it); nothing when the
 * product has none. By default it fills its frame without cropping.
 */
export function ProductPicture({
  src,
  size,
  lazy = false,
  className = 'h-full w-full object-contain',
}: {
  src: string | null
  size: number
  lazy?: boolean
  className?: string
}) {
  if (!src) return null
  return <img src={src} alt="" width={size} height={size} loading={lazy ? 'lazy' : undefined} className={className} />
}
