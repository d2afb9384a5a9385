import type { TViewState } from './view-state.js';

/**
 * Explorer addresses as earlier releases wrote them (or people typed them), exactly as they appear in the address
 * bar. Each must still open into `view`, and the explorer rewrites it as `rewritten` (the current version's query).
 * Never edit an address here: a changed fixture means old links no longer open as they did.
 */
export interface ViewAddressFixture {
  about: string;
  address: string;
  view: TViewState;
  rewritten: string;
}

// Spelled out rather than taken from DEFAULT_VIEW_STATE: a changed default must show up here as a changed fixture.
const DEFAULTS: Omit<TViewState, 'v' | 'run_id'> = {
  kind: 'genes',
  features: [],
  mode: 'cluster',
  palette: 'jet',
  averaging: 'avg',
  samples: [],
  background: 'black',
  umap_at: null,
  spatial_at: null,
  range: null,
  custom_colors: ['#f2f2f2', '#b2182b'],
  individual: 0,
  display_scale: 0.75,
  tissue_shown: true,
  tissue_opacity: 0.9,
  highlighted: [],
  cluster_colors: {},
};

/** Version 1: links without `v` (the first ones) and links the version-1 writer produced (`v=1`). */
export const V1_ADDRESSES: ViewAddressFixture[] = [
  {
    about: 'a plain run link from before `v` existed',
    address: '/?component=AtlasXplore&run_id=D90011',
    view: { v: 3, ...DEFAULTS, run_id: 'D90011' },
    rewritten: 'component=AtlasXplore&run_id=D90011',
  },
  {
    about: 'a hand-typed link from before `v` existed, with a comma list of motifs',
    address: '/?component=AtlasXplore&run_id=D90004&kind=motifs&features=Sox2,Pax6&palette=inferno&avg=ind',
    view: {
      v: 3,
      ...DEFAULTS,
      run_id: 'D90004',
      kind: 'motifs',
      features: ['Sox2', 'Pax6'],
      mode: 'expression',
      palette: 'inferno',
      averaging: 'ind',
    },
    rewritten: 'component=AtlasXplore&run_id=D90004&kind=motifs&features=Sox2%2CPax6&palette=inferno&avg=ind&v=3',
  },
  {
    about: 'cell-type colouring as the version-1 writer wrote it (`mode=celltype`)',
    address: '/?component=AtlasXplore&run_id=D90001&mode=celltype&v=1',
    view: { v: 3, ...DEFAULTS, run_id: 'D90001', mode: 'celltype' },
    rewritten: 'component=AtlasXplore&run_id=D90001&v=3&colour=celltype',
  },
  {
    about: 'a multi-sample view with eRegulons, as the version-1 writer encoded it',
    address:
      '/?component=AtlasXplore&run_id=D90004&kind=eRegulons&features=A%2CB&palette=bone&avg=ind&samples=D90006%2CD90001&v=1',
    view: {
      v: 3,
      ...DEFAULTS,
      run_id: 'D90004',
      kind: 'eRegulons',
      features: ['A', 'B'],
      mode: 'expression',
      palette: 'bone',
      averaging: 'ind',
      samples: ['D90006', 'D90001'],
    },
    rewritten:
      'component=AtlasXplore&run_id=D90004&kind=eRegulons&features=A%2CB&palette=bone&avg=ind&samples=D90006%2CD90001&v=3',
  },
  {
    about: 'a self-contradicting version-1 link: `mode=expression` without features reads as cluster colouring',
    address: '/?component=AtlasXplore&run_id=D90002&mode=expression&palette=hot&v=1',
    view: { v: 3, ...DEFAULTS, run_id: 'D90002', palette: 'hot' },
    rewritten: 'component=AtlasXplore&run_id=D90002&palette=hot&v=3',
  },
  {
    about: 'features win over `mode=celltype` (expression whenever features are given)',
    address: '/?component=AtlasXplore&run_id=D90002&mode=celltype&features=Gfap&v=1',
    view: { v: 3, ...DEFAULTS, run_id: 'D90002', features: ['Gfap'], mode: 'expression' },
    rewritten: 'component=AtlasXplore&run_id=D90002&features=Gfap&v=3',
  },
];

/**
 * Version 2: links the version-2 writer produced. Version 2 recorded no background, view, range or colours, so
 * each opens with the defaults of those (the plots fitted, a black background), as it did.
 */
export const V2_ADDRESSES: ViewAddressFixture[] = [
  {
    about: 'a gene in inferno, as the version-2 writer wrote it',
    address: '/?component=AtlasXplore&run_id=D90001&features=Gfap&palette=inferno&v=2',
    view: { v: 3, ...DEFAULTS, run_id: 'D90001', features: ['Gfap'], mode: 'expression', palette: 'inferno' },
    rewritten: 'component=AtlasXplore&run_id=D90001&features=Gfap&palette=inferno&v=3',
  },
  {
    about: 'cell-type colouring with samples',
    address: '/?component=AtlasXplore&run_id=D90004&samples=D90006&v=2&colour=celltype',
    view: { v: 3, ...DEFAULTS, run_id: 'D90004', mode: 'celltype', samples: ['D90006'] },
    rewritten: 'component=AtlasXplore&run_id=D90004&samples=D90006&v=3&colour=celltype',
  },
  {
    about: 'a version-2 link never carried version-3 fields: ones typed into it are not read',
    address: '/?component=AtlasXplore&run_id=D90002&palette=bone&bg=white&spatial_at=1,2,3&v=2',
    view: { v: 3, ...DEFAULTS, run_id: 'D90002', palette: 'bone' },
    rewritten: 'component=AtlasXplore&run_id=D90002&palette=bone&v=3',
  },
];
