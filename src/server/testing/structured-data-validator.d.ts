// @adobe/structured-data-validator (Google's rich-result rules for schema.org data, decision 058) ships no
// types: what the JobPosting test calls.
declare module '@adobe/structured-data-validator' {
  export interface StructuredDataIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    fieldNames?: string[];
    path?: unknown[];
  }
  // @marbec/web-auto-extractor's shape: items by format, then by their @type.
  export interface ExtractedData {
    jsonld?: Record<string, unknown[]>;
    microdata?: Record<string, unknown[]>;
    rdfa?: Record<string, unknown[]>;
    errors?: unknown[];
  }
  export default class Validator {
    // Without the schema.org vocabulary it checks Google's rules alone.
    constructor(schemaOrgJson?: unknown);
    validate(data: ExtractedData): Promise<StructuredDataIssue[]>;
  }
}
