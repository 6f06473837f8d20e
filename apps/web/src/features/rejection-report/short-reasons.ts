import type { RejectionReason } from '@portal/domain';
import { addMessages, i18n } from '../../i18n';
import { messages } from '../../i18n/messages/rejectionReport';

addMessages(messages);

/** Each reason in a word or two, where a chart axis or a table cell has no room for its sentence. */
export const shortReason = (reason: RejectionReason) => i18n._(`rejectionReport.reason.${reason}`);
