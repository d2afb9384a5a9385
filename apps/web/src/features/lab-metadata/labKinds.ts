import { LAB_KEY, LAB_LIST_COLUMNS, type LabKind } from '@atlas/contracts';

/** Per-kind wording and columns of the Wafer, Chip and DBiT information screens (spec 02 §2.4). */
export interface KindInfo {
  kind: LabKind;
  /** 'Wafer' | 'Chip' | 'DBiT': titles such as 'Chip Details - C90001'. */
  noun: string;
  key: string;
  /** Key fields sorted first in the detail editor. */
  keyFields: string[];
  /** Columns of the viewer table: [field, header]. */
  viewerColumns: Array<[string, string]>;
  /** Columns of the list dialog opened from the viewer. */
  listColumns: string[];
  /** Label of the upload action in the viewer's submenu. */
  uploadLabel: string;
}

export const KIND_INFO: Record<LabKind, KindInfo> = {
  wafers: {
    kind: 'wafers',
    noun: 'Wafer',
    key: LAB_KEY.wafers,
    keyFields: ['wafer_id'],
    viewerColumns: [
      ['wafer_id', 'Wafer ID'],
      ['generation', 'Generation'],
    ],
    listColumns: LAB_LIST_COLUMNS.wafers,
    uploadLabel: 'Upload Wafer CSV',
  },
  chips: {
    kind: 'chips',
    noun: 'Chip',
    key: LAB_KEY.chips,
    keyFields: ['chip_id', 'wafer_id'],
    viewerColumns: [
      ['chip_id', 'Chip ID'],
      ['wafer_id', 'Wafer ID'],
    ],
    listColumns: LAB_LIST_COLUMNS.chips,
    uploadLabel: 'Upload Chip CSV',
  },
  dbits: {
    kind: 'dbits',
    noun: 'DBiT',
    key: LAB_KEY.dbits,
    keyFields: ['run_id'],
    viewerColumns: [
      ['run_id', 'RUN ID'],
      ['chip_a_id', 'Chip A'],
      ['chip_b_id', 'Chip B'],
    ],
    listColumns: LAB_LIST_COLUMNS.dbits,
    uploadLabel: 'Upload DBiT CSV',
  },
};
