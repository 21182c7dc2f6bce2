/**
 * LinkedIn's API version header, sent by publishing and analytics alike: one pinned Marketing
 * version (versions are sunset after about a year).
 */
export const LINKEDIN_VERSION = '202610';
