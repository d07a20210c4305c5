/**
 * JSON for a <script type="application/ld+json"> block. JSON.stringify leaves `<`, `>` and `&` alone, so
 * a product title containing `</script>` would end the block; these escapes keep the JSON identical
 * for parsers and inert for HTML. U+2028/2029 are escaped for old JavaScript parsers.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
