/**
 * What the page's inline script requests before the app runs (./build/explorer-preload.ts): the login cookie's
 * name and the two run-data paths, as plain values so that code running before the contracts load reads them too.
 * A test checks they agree with @atlas/contracts.
 */
export interface EarlyRequests {
  cookie: string;
  dataPath: string;
  namesPath: string;
}

export const EARLY_REQUESTS: EarlyRequests = {
  cookie: 'atxLogin',
  dataPath: '/api/v1/genes/data',
  namesPath: '/api/v1/genes/feature_names',
};

/** The address under which the inline script keeps a run's tixel table request (the API client builds the same). */
export const earlyDataAddress = (runId: string): string => `${EARLY_REQUESTS.dataPath}?run_id=${runId}`;
