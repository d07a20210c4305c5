/**
 * What an uploaded file is called here: the base name the browser sent, without control characters, at most 255
 * characters, or `fallback` when nothing is left (a name is shown in the panel and kept in the audit).
 */
export function uploadName(sent: string, fallback: string): string {
  const base =
    sent
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .split(/[\\/]/)
      .pop() ?? ''
  return base.trim().slice(0, 255) || fallback
}
