/**
 * A category's slug from its name (SPEC §5): lowercase, each run of characters other than a-z and 0-9
 * becomes one hyphen, hyphens at either end are dropped. Accented letters count as non-alphanumerics, so
 * every slug fits the database's `^[a-z0-9]+(-[a-z0-9]+)*$`. A name without letters or digits gives ''.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
