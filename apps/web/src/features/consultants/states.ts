/** The approval and premium states in the spec's words: the form's choices and the list's columns. */
export const approvalStates = { yes: "Approved", no: "Not Approved" } as const;
export const premiumStates = { yes: "Premium", no: "Standard" } as const;
