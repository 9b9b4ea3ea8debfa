import type { CaseStudyFullContent } from '../case-studies';

export const fullContent: CaseStudyFullContent = {
  background:
    'Northfield Family Medical Group runs 11 primary care clinics across two counties, with 46 physicians and nurse practitioners. Its contract with its legacy practice management system was ending, and the group had chosen a cloud-based electronic health record platform with a fixed go-live date. Decades of paper charts stood between the old world and the new one: if they were not in the new system on day one, clinicians would be working from two sources of truth.',
  challengeDetails: {
    volumeAndDeadline:
      'The archive held about 184,000 charts and more than 1.2 million pages, including handwritten notes, lab reports, immunisation records and scanned referral letters. All active charts had to be indexed and their key clinical fields entered within four months.',
    accuracyRequirements:
      'Medication lists, allergies, problem lists and immunisation dates are safety-critical: a single transposed digit in a dose can harm a patient. Northfield’s clinical leadership required field-level accuracy of at least 99.5% before it would sign off.',
    complianceAndSecurity:
      'Protected health information could not leave controlled systems, be stored on personal devices or be seen by anyone without a need to know. Any vendor had to sign a business associate agreement and pass Northfield’s security review.',
  },
  solutionDetails: {
    secureEnvironment:
      'Specialists worked only inside a virtual desktop environment hosted by Northfield, with multi-factor sign-in, no local storage, disabled copy-and-paste and printing, and access logged per chart. Tandem signed a business associate agreement before any data was shared.',
    specialistTeam:
      'Tandem selected 15 specialists with prior medical records experience, who completed HIPAA and medical terminology training and Northfield’s own onboarding before touching a record. A dedicated team lead handled scheduling and first-line questions.',
    aiAssistedWorkflow:
      'AI-assisted text recognition pre-filled fields from typed documents, and specialists keyed or corrected every value. Safety-critical fields were double-keyed by two specialists independently, with any mismatch routed to the team lead.',
    qualityControl:
      'Each day Northfield’s records supervisor reviewed a random 3% sample. Error patterns, such as confusing similar drug names, fed back into the next day’s briefing and the validation rules.',
  },
  detailedResults: {
    throughput:
      'The team completed 184,000 charts in 16 weeks, averaging 11,500 charts a week at full speed, and finished two weeks before go-live, leaving time for a final reconciliation.',
    dataAccuracy:
      'An independent audit of 2,000 randomly selected charts measured 99.8% field-level accuracy, above the 99.5% Northfield had required, with no errors found in allergy records.',
    clinicalEfficiency:
      'Retrieving a patient’s history fell from an average of 12 minutes, walking to the records room and back, to under 30 seconds in the new system. Front-desk staff reported handling check-ins noticeably faster in the first month.',
    costAndSpace:
      'The project cost 55% less than the lowest domestic vendor quote. Once paper charts were archived offsite, Northfield converted 2,400 square feet of records storage into two additional exam rooms.',
  },
  keyTakeaways: [
    'Keep protected health information inside systems you control and give the remote team access, not copies.',
    'Double-key the fields where an error could harm a patient; single-key the rest to stay on schedule.',
    'A daily quality sample catches error patterns while they can still be fixed cheaply.',
    'Finishing early mattered: the two spare weeks went into reconciliation instead of firefighting.',
  ],
};
