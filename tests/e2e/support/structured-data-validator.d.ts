// Types for Adobe's validator (it ships JavaScript only): what tests/e2e/support/structured-data.ts uses.
declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    rootType: string
    dataFormat: 'jsonld' | 'microdata' | 'rdfa'
    issueMessage: string
    severity: 'ERROR' | 'WARNING'
    path?: Array<{ type?: string; index?: number; property?: string }>
    fieldNames?: string[]
    location?: string
    source?: string
  }

  /** The output of @marbec/web-auto-extractor: items by their @type, per format. */
  export interface ExtractedData {
    jsonld?: Record<string, unknown[]>
    microdata?: Record<string, unknown[]>
    rdfa?: Record<string, unknown[]>
    errors?: Array<{ format: string; message: string }>
  }

  export default class Validator {
    /** `schemaOrgJson`: the schema.org vocabulary as JSON-LD (`{ '@graph': [...] }`). */
    constructor(schemaOrgJson?: unknown)
    debug: boolean
    validate(data: ExtractedData): Promise<ValidationIssue[]>
  }
}
