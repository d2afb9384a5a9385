import { directoryPerson } from './slapd.js';

/**
 * The browser suite's directory (issue 35): who is in the OpenLDAP server playwright.config.ts starts beside the e2e
 * server (test/slapd-server.ts), and how the portal maps their groups. e2e/ldap.spec.ts signs in as them.
 */
export const E2E_DIRECTORY_PERSON = directoryPerson('ada.l', { name: 'Ada Lovelace', groups: ['spatial-lab'] });

/** The portal's LDAP settings beyond the directory's own: groups mapped by name, accounts ready at first sign-in. */
export const E2E_DIRECTORY_SETTINGS = {
  ATLAS_LDAP_GROUP_MAP: JSON.stringify({ 'spatial-lab': ['user', 'lab-ldap'] }),
  ATLAS_LDAP_NEW_ACCOUNTS: 'create',
};
