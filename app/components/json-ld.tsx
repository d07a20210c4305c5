/** Structured data blocks, each already escaped by jsonLdScript (app/utils/json-ld.ts). */
export function JsonLd({ blocks }: { blocks: readonly string[] }) {
  return blocks.map((json, index) => (
    <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
  ))
}
