import { z } from 'zod';

/** One sequencing file of a Novogene FTP batch (spec 03 §3 "Batch item"), as core.list_novogene_batch returns it. */
export const ZNovogeneItem = z.object({
  source_filename: z.string(),
  run_id: z.string(),
  size: z.number(),
  output_key: z.string(),
  output_exists: z.boolean(),
  /** The checksum the batch's MD5 list gives for this file, when it has one. */
  md5: z.string().nullable(),
});
export type TNovogeneItem = z.infer<typeof ZNovogeneItem>;

export const ZNovogeneListing = z.object({ items: z.array(ZNovogeneItem) });

/** What core.download_from_ftp_to_s3 returns. */
export const ZFtpDownloadResult = z.object({
  output_key: z.string(),
  size: z.number(),
  md5: z.string(),
  md5_verified: z.boolean(),
  resumed: z.number(),
});

/** One file of a BaseSpace dataset, with where it goes (spec 03 §3 "file_downloads"). */
export const ZBasespaceFile = z.object({
  /** The file's address in the BaseSpace API (`…/v2/files/{id}`); its content is `{href}/content`. */
  href: z.string(),
  name: z.string(),
  size: z.number(),
  outpath: z.string(),
  output_exists: z.boolean(),
});
export type TBasespaceFile = z.infer<typeof ZBasespaceFile>;

/** A BaseSpace dataset as the Illumina list shows it: the v2 API's fields plus our run id and file rows. */
export const ZBasespaceDataset = z.object({
  Id: z.string(),
  run_id: z.string(),
  Name: z.string(),
  DatasetType: z.object({ Name: z.string() }),
  Project: z.object({ Name: z.string() }),
  TotalSize: z.number(),
  DateCreated: z.string(),
  file_downloads: z.array(ZBasespaceFile),
});
export type TBasespaceDataset = z.infer<typeof ZBasespaceDataset>;

export const ZBasespaceListing = z.object({
  Items: z.array(ZBasespaceDataset),
  Paging: z.object({ Offset: z.number(), Limit: z.number(), TotalCount: z.number() }),
});
export type TBasespaceListing = z.infer<typeof ZBasespaceListing>;

/** Datasets per page of the Illumina list (spec 03 §9). */
export const BASESPACE_PAGE_SIZE = 10;
