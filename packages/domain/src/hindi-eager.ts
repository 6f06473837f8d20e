import type { Messages } from '@lingui/core';
import { messages } from './messages.hi.ts';

/**
 * The domain's Hindi, loaded with its English (`@portal/domain/hindi` in package.json): the API answers
 * and writes e-mails in either language at once, so it has both from the start.
 */
export const eagerHindi: Messages | undefined = messages;
