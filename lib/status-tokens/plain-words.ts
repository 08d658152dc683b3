/**
 * The company's status and stage in words a client understands (the status page shows these, never
 * the enum values alone).
 */
export const STATUS_WORDS: Record<string, { title: string; detail: string }> = {
  requires_information: {
    title: 'Waiting for information',
    detail: 'We need identity documents or answers before the company can be filed.',
  },
  in_progress: { title: 'In progress', detail: 'Everything needed is in; the formation is under way.' },
  active: { title: 'Active', detail: 'The company is formed and in good standing with us.' },
  cancelled: { title: 'Cancelled', detail: 'The formation was cancelled.' },
  dissolved: { title: 'Dissolved', detail: 'The company has been dissolved.' },
};

export const STAGE_WORDS: Record<string, string> = {
  preparing_documents: 'Preparing the formation documents',
  documents_generated: 'Formation documents are ready',
  signature_requested: 'Waiting for signatures',
  submitted_to_state: 'Filed with the state, waiting for its answer',
  name_conflict: 'The state reported a name conflict: a new name is needed',
  incorporated: 'Incorporated by the state',
  closed: 'Closed',
};
