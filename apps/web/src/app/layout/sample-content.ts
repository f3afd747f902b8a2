/** The Notes tab's placeholder text, until notes are wired to the data (the only sample content left). */
export const sampleNotes = [
  "Call back the Canada student-visa applicant about missing documents.",
  "Review the Premium listing requests before Friday.",
  "Update the FAQ on appointment cancellations.",
] as const;
