/** The FTP login and folders of a Novogene batch, as typed in the form (spec 03 §2.8). */
export const NOVOGENE_FIELDS = ['host', 'port', 'username', 'password', 'batch_root', 'storage_root'] as const;
export type NovogeneField = (typeof NOVOGENE_FIELDS)[number];
export type NovogeneForm = Record<NovogeneField, string>;

/** A problem with the form, by field; empty when it can be sent. */
export function formProblems(form: NovogeneForm): Partial<Record<NovogeneField, string>> {
  const problems: Partial<Record<NovogeneField, string>> = {};
  if (!form.host.trim()) problems.host = 'Required';
  if (!/^\d+$/.test(form.port) || Number(form.port) < 1 || Number(form.port) > 65535)
    problems.port = 'Value must be digit (1-65535)';
  if (!form.username.trim()) problems.username = 'Required';
  return problems;
}

/** The FTP login the list and download tasks take. */
export const ftpLogin = (form: NovogeneForm) => ({
  host: form.host.trim(),
  port: Number(form.port),
  username: form.username.trim(),
  password: form.password,
});

export const basename = (file: string) => file.slice(file.lastIndexOf('/') + 1);
