/// <reference types="vite/client" />

/** Deployment links (spec 01 §1 withholds their targets): set at build time, see app/links.ts. */
interface ImportMetaEnv {
  readonly VITE_PLATFORM_GUIDE_URL?: string;
  readonly VITE_SUPPORT_URL?: string;
}
