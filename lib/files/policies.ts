import type { FilePurpose } from '../resources/requirement';

/**
 * Per-purpose file policies (spec: "File size, type and page-count limits per file purpose: not
 * shown"; docs/decisions.md, "Lifecycle"). Sizes stay under what one API Gateway → Lambda request can
 * carry (6 MB invocation payload, base64 adds a third).
 */
export interface FilePolicy {
  maxBytes: number;
  /** Content types as sniffed from the bytes, never as declared. */
  types: readonly string[];
  maxPages: number;
  /** How long a content link (a presigned URL in AWS) stays valid; identity documents get none. */
  linkLifetimeSeconds: number | null;
  needsShareholder: boolean;
  /** Write-only: never listed, never readable back (spec: client identity uploads). */
  writeOnly: boolean;
}

const MB = 1024 * 1024;

export const FILE_POLICIES: Record<FilePurpose, FilePolicy> = {
  identity_document: {
    maxBytes: 4 * MB,
    types: ['image/jpeg', 'image/png', 'application/pdf'],
    maxPages: 4,
    linkLifetimeSeconds: null,
    needsShareholder: true,
    writeOnly: true,
  },
  formation_document: {
    maxBytes: 4 * MB,
    types: ['application/pdf'],
    maxPages: 200,
    linkLifetimeSeconds: 3600,
    needsShareholder: false,
    writeOnly: false,
  },
  additional_document: {
    maxBytes: 4 * MB,
    types: ['application/pdf', 'image/jpeg', 'image/png'],
    maxPages: 50,
    linkLifetimeSeconds: 900,
    needsShareholder: false,
    writeOnly: false,
  },
};
