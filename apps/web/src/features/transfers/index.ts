/** The contents of the Uploader's 'Transfer Seq (Novogen)' and 'Transfer Seq (Illumina)' tabs (spec 03 §2.7–§2.9). */
export { IlluminaTransfer } from './IlluminaTransfer';
export { NovogeneTransfer } from './NovogeneTransfer';
