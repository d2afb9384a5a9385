/** A run id: 'D' followed by at least 5 digits (D00042). Also a subpath export, for the import CLI's fast start. */
export const RUN_ID = /^D[0-9]{5,}$/;
