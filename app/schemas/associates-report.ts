// The report import's form (docs/decisions/080), shared by its page and the server that reads it: a multipart
// upload of one file, read as a stream (app/lib/report-upload.server.ts), so there is no field schema to parse.

/** The form's file input. */
export const REPORT_FIELD = 'report'
export const MAX_REPORT_MB = 20
export const NO_REPORT = 'Choose the report file to import (CSV or TSV, as Associates Central downloads it).'
export const REPORT_TOO_LARGE = `The file is larger than ${MAX_REPORT_MB} MB: download a shorter period.`
