/**
 * The portal's colours, font and the app bar's height, plain values: the MUI theme (./theme.ts) and the app bar use them,
 * and so does a run's first frame, drawn before MUI loads (features/explorer/boot), which must look the same.
 */
export const BRAND_PRIMARY = '#0b4f6c';
export const BRAND_SECONDARY = '#37474f';
export const PAGE_BACKGROUND = '#f5f7f9';
export const FONT_FAMILY = '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
/** The app bar's height at every width (MUI's toolbar would be 56 or 48 px on a phone, 64 px from 600 px). */
export const APP_BAR_HEIGHT = 64;
