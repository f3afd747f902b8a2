import { APP_USER_FIELD_LABELS } from "@visadesk/contract/app-user-fields-constants";
import { CONSULTANT_FIELD_LABELS } from "@visadesk/contract/consultant-field-maps-constants";

/**
 * The record forms' field labels, by field name: the conflict alert lists changed fields with them and the
 * History tab names changes with them, so a field reads the same wherever it is named.
 */
export const consultantFieldLabels = CONSULTANT_FIELD_LABELS;

export const appUserFieldLabels = APP_USER_FIELD_LABELS;

/** A form's label for a field it may leave blank: the field's own label, marked. */
export const optionalLabel = (label: string) => `${label} (optional)`;
