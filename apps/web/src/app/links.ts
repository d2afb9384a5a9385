/**
 * Where the Platform Guide and the support contact point. The spec withholds the originals, so each
 * installation sets them at build time; the defaults are the API guide this server serves and a local mailbox.
 */
export const PLATFORM_GUIDE_URL = import.meta.env.VITE_PLATFORM_GUIDE_URL || '/api/docs';
export const SUPPORT_URL = import.meta.env.VITE_SUPPORT_URL || 'mailto:support@atlas.local';
